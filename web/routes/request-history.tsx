import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { REQUEST_HISTORY_PAGE_SIZE } from '../../common/constants';
import { useCurrentUser } from '../api/auth';
import { historyList } from '../api/requests';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { ItemList } from '../components/list/ItemList';
import { RequestCard } from '../components/requests/RequestCard';
import { RequestLinkButton } from '../components/requests/RequestLinks';

/**
 * /requests/history (spec 2 "Request history"): every song request, newest first, 25 at a time as
 * the visitor scrolls. The text filter applies to the title (TITLE, `?title=`) or the requester
 * (REQUESTER, `?from=`); a new filter starts the list over.
 */
export function RequestHistoryPage() {
  const search = useSearch({ from: '/requests/history' });
  const navigate = useNavigate({ from: '/requests/history' });
  const admin = useCurrentUser()?.admin === true;
  const applied = search.title ?? search.from ?? '';
  const [text, setText] = useState(applied);
  // Back, Forward or the menu link change the filter without this box: it follows the URL.
  useEffect(() => setText(applied), [applied]);
  const filterBy = (field: 'title' | 'from') => {
    const value = text.trim();
    navigate({ search: value ? { [field]: value } : {} });
  };

  return (
    <>
      <EmphasisHeader icon="history" text="Request" emphasis="History">
        <Group gap="xs">
          <RequestLinkButton to="/request/sample" />
          <RequestLinkButton to="/request/flip" />
        </Group>
      </EmphasisHeader>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          filterBy('title');
        }}
      >
        <Group gap="xs" mb="lg" align="flex-end" wrap="wrap">
          <TextInput
            aria-label="Filter requests"
            placeholder="Filter by title or requester"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: '1 1 16rem' }}
          />
          <Group gap="xs" wrap="nowrap">
            <Button type="submit" variant={search.title ? 'filled' : 'default'}>
              TITLE
            </Button>
            <Button type="button" variant={search.from ? 'filled' : 'default'} onClick={() => filterBy('from')}>
              REQUESTER
            </Button>
          </Group>
        </Group>
      </form>
      <ItemList
        main
        source={historyList(search)}
        pageSize={REQUEST_HISTORY_PAGE_SIZE}
        entity="song request history"
        failureText="Unable to retrieve request history"
        cols={{ base: 1, md: 2 }}
        renderItem={(request) => <RequestCard request={request} admin={admin} />}
      />
    </>
  );
}
