import { Anchor, Button, Code, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PLAYLIST_URL_MIN } from '../../common/constants';
import { checkPlaylistUrl, PLAYLIST_URL_EXAMPLE, URL_PATTERN } from '../../common/playlist-requests';
import { submitCommunityPlaylist } from '../api/community';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { ApiError } from '../lib/api-error';
import { checkText, formErrorText } from '../lib/form-errors';
import { notifyFailure, notifySuccess } from '../toasts/notify';

/**
 * /playlists/community/submit (spec 2 "Community playlist submission", spec 5 "Community playlist
 * URL"): one playlist URL field and a submit button. Only public YouTube playlists are supported;
 * an admin approves the submission, which imports the playlist.
 */
export function CommunitySubmitPage() {
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  // Spec 5's generic errors first (required, too short, not a URL), then what only a YouTube playlist URL needs.
  const generic = checkText(url, { required: true, minLength: PLAYLIST_URL_MIN, pattern: URL_PATTERN });
  const checked = checkPlaylistUrl(url);
  const problem = generic ? formErrorText('Playlist URL', generic, 'a valid URL') : 'problem' in checked ? checked.problem : null;

  // What the server found when it checked the playlist (not public at YouTube, already catalogued), until the URL changes.
  const [refusal, setRefusal] = useState<ReactNode>(null);

  const submit = useMutation({
    mutationFn: () => submitCommunityPlaylist(url.trim()),
    onSuccess: () => {
      notifySuccess('Community playlist submitted');
      setUrl('');
      setTouched(false);
    },
    onError: (error) => {
      setRefusal(refusalOf(error));
      notifyFailure('Unable to submit playlist', error);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && !submit.isPending) submit.mutate();
  };

  return (
    <>
      <EmphasisHeader icon="community" text="Submit a" emphasis="Playlist" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <Text>
              Made a YouTube playlist of songs from the streams? Submit it: once an admin approves it, it joins the{' '}
              <Anchor component={Link} to="/playlists/community">
                Community Playlists
              </Anchor>
              . Only public YouTube playlists are supported.
            </Text>
            <TextInput
              label="Playlist URL"
              description="Must be valid YouTube playlist URL"
              placeholder={PLAYLIST_URL_EXAMPLE}
              title="Must be valid URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              required
              minLength={PLAYLIST_URL_MIN}
              pattern={URL_PATTERN.source}
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setRefusal(null);
              }}
              onBlur={() => setTouched(true)}
              // While typing, a problem shows once the URL is long enough to be judged; after leaving the field, always.
              error={(touched || url.trim().length >= PLAYLIST_URL_MIN ? problem : null) ?? refusal}
              disabled={submit.isPending}
            />
            <Text size="sm" c="dimmed">
              For example <Code>{PLAYLIST_URL_EXAMPLE}</Code>
            </Text>
            <Button
              type="submit"
              leftSection={<IconSend size={18} aria-hidden />}
              disabled={problem !== null}
              loading={submit.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              SUBMIT
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

/**
 * The server's refusal of a URL the form could not judge, shown under the field: no public playlist
 * at YouTube (400), or already in the catalogue (409, with a link to where it is).
 */
function refusalOf(error: Error): ReactNode {
  if (!(error instanceof ApiError) || !error.body || (error.status !== 400 && error.status !== 409)) return null;
  const message = error.body.message.replace(/^playlistUrl: /, '');
  const id = /^\/playlists\/(\d+)$/.exec(error.body.link ?? '')?.[1];
  if (id === undefined) return message;
  return (
    <>
      {message}.{' '}
      <Anchor renderRoot={(props) => <Link {...props} to="/playlists/$id" params={{ id: Number(id) }} />} underline="always" inherit>
        Open the playlist
      </Anchor>
    </>
  );
}
