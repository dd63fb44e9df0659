import { Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBrandTwitch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useConfig } from '../api/config';

/** Where the browser goes to log in: the server starts Twitch's authorization-code flow there. */
export const LOGIN_START_URL = '/api/auth/twitch/login';

/**
 * /login (spec 2): "Logging in with" the live-video provider, then the browser goes to its login page
 * (through the server, which binds the login to this browser). Twitch sends it back to
 * /?loginSuccess=true or false, where the home page says how it went.
 */
export function LoginPage() {
  const { authEnabled } = useConfig();
  useEffect(() => {
    if (authEnabled) window.location.assign(LOGIN_START_URL);
  }, [authEnabled]);

  return (
    <Paper withBorder radius="md" p="xl" maw={480} mx="auto" mt="xl">
      <Stack align="center" gap="md">
        <Text component="h1" fz={{ base: 22, sm: 26 }} fw={700} m={0} ta="center">
          Logging in with
        </Text>
        <Stack align="center" gap={6} c="violet.6" aria-label="Twitch">
          <IconBrandTwitch size={56} stroke={1.6} aria-hidden />
          <Text fw={700} fz="xl" c="inherit">
            Twitch
          </Text>
        </Stack>
        {authEnabled ? (
          <>
            <Loader size="sm" aria-label="Going to Twitch" />
            <Text size="sm" c="dimmed" ta="center">
              Not moving on? <Anchor href={LOGIN_START_URL}>Continue to Twitch</Anchor>
            </Text>
          </>
        ) : (
          <Text c="dimmed" ta="center">
            Login is not enabled on this site.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
