import { Anchor, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { mediaLists } from '../api/catalogue';
import { useConfig } from '../api/config';
import { MediaCard } from '../components/cards/cards';
import { EmphasisHeader, type EmphasisIcon } from '../components/EmphasisHeader';
import { ChannelStats } from '../components/home/ChannelStats';
import { HomeButtons } from '../components/home/HomeButtons';
import { LiveOrLastStream } from '../components/home/LiveOrLastStream';
import { TopTags } from '../components/home/TopTags';
import { later, useLater } from '../components/later/later';
import { ItemList } from '../components/list/ItemList';
import { notifyError, notifySuccess } from '../toasts/notify';
import classes from './home.module.css';

/** "On this day" and its three calls wait for the first screen (later.ts): out of the home budget, and last on the page (no shift). */
const onThisDay = later(() => import('../components/home/OnThisDay'));

/** / : shortcuts, live or last stream, top tags, channel stats, short pages of top and latest songs (spec 2 "Home"), and on this day (issue 25). */
export function HomePage() {
  useLoginResult();
  const { siteName } = useConfig();
  return (
    <Stack gap={40}>
      <div>
        <VisuallyHidden>
          <Title order={1}>{siteName}</Title>
        </VisuallyHidden>
        <HomeButtons />
        <div className={classes.columns}>
          <div className={classes.stream}>
            <LiveOrLastStream />
          </div>
          <Stack gap="xl" className={classes.side}>
            <ChannelStats />
            <TopTags />
          </Stack>
        </div>
      </div>
      <SongSection
        icon="top"
        text="Top Songs"
        emphasis="This Month"
        more={<Anchor renderRoot={(props) => <Link {...props} to="/top" search={{ period: 'month' }} />}>See all</Anchor>}
      >
        <ItemList
          source={mediaLists.top('month')}
          mode="paged"
          pageSize="short"
          failureText="Unable to retrieve top songs"
          renderItem={(media) => <MediaCard media={media} />}
        />
      </SongSection>
      <SongSection
        icon="latest"
        text="Latest"
        emphasis="Songs"
        more={
          <Anchor component={Link} to="/latest">
            See all
          </Anchor>
        }
      >
        <ItemList
          source={mediaLists.latest()}
          mode="paged"
          pageSize="short"
          failureText="Unable to retrieve latest songs"
          renderItem={(media) => <MediaCard media={media} />}
        />
      </SongSection>
      <LaterOnThisDay />
    </Stack>
  );
}

function LaterOnThisDay() {
  const section = useLater(onThisDay);
  return section ? <section.OnThisDay /> : null;
}

interface SongSectionProps {
  icon: EmphasisIcon;
  text: string;
  emphasis: string;
  more: ReactNode;
  children: ReactNode;
}

function SongSection({ icon, text, emphasis, more, children }: SongSectionProps) {
  return (
    <section aria-label={`${text} ${emphasis}`}>
      <EmphasisHeader icon={icon} text={text} emphasis={emphasis} order={2}>
        <Group>{more}</Group>
      </EmphasisHeader>
      {children}
    </section>
  );
}

/**
 * The login callback lands on /?loginSuccess=true|false: toast the outcome once, refresh the user,
 * and drop the parameter so a reload does not toast again.
 */
function useLoginResult() {
  const { loginSuccess } = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const queryClient = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    if (loginSuccess === undefined || handled.current) return;
    handled.current = true;
    if (loginSuccess) {
      notifySuccess('Logged in');
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
    } else {
      notifyError('An error occurred when logging in');
    }
    void navigate({ search: {}, replace: true });
  }, [loginSuccess, navigate, queryClient]);
}
