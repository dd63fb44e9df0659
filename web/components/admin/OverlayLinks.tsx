import { ActionIcon, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconVolume } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { OVERLAY_PATHS } from '../../../common/overlays';
import { apiPost } from '../../api/client';
import { overlayLinksQuery } from '../../api/queue';
import { notifySuccess } from '../../toasts/notify';
import { LazyTooltip } from '../later/LazyTooltip';
import list from '../plainList.module.css';

/** The stream overlays' URLs (keys included) for the admins to paste into OBS as browser sources. */
export function OverlayLinks() {
  const links = useQuery(overlayLinksQuery);
  return (
    <Stack component="section" gap="xs" mt="xl" aria-labelledby="overlay-links">
      <Title order={2} fz="h4" id="overlay-links">
        Stream Overlays
      </Title>
      <Text size="sm" c="dimmed">
        Add these as browser sources in OBS; they are transparent and update live.
      </Text>
      {links.isError ? (
        <Text c="var(--mantine-color-error)" role="alert">
          Unable to load the overlay links
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" className={list.plainList}>
        {(links.data ?? []).map((link) => (
          <Group component="li" key={link.url} gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" style={{ flexShrink: 0 }}>
              {link.name}
            </Text>
            <Code style={{ overflowWrap: 'anywhere' }}>{link.url}</Code>
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <LazyTooltip label={copied ? 'Copied' : 'Copy URL'} withArrow>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    aria-label={copied ? `Copied ${link.name} URL` : `Copy ${link.name} URL`}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </LazyTooltip>
              )}
            </CopyButton>
          </Group>
        ))}
      </Stack>
      <TestSoundButton />
    </Stack>
  );
}

/** Every open sample player plays a short tone: the streamer checks the OBS source is heard. */
function TestSoundButton() {
  const test = useMutation({
    mutationFn: () => apiPost<void>(OVERLAY_PATHS.samplesTest),
    onSuccess: () => notifySuccess('Test sound sent to the sample player'),
    meta: { failureText: 'Unable to play the test sound' },
  });
  return (
    <Button
      variant="light"
      w="fit-content"
      loading={test.isPending}
      onClick={() => test.mutate()}
      leftSection={<IconVolume size={16} aria-hidden />}
    >
      Play test sound
    </Button>
  );
}
