import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** A screen failed to load (its code, or a loader): say so and offer a retry instead of a blank page. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => console.error(error), [error]);
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="This page could not be loaded" my="xl">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Check your connection and try again.</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The site's configuration could not be loaded: nothing can render without it. */
export function RootError(props: ErrorComponentProps) {
  return (
    <Center mih="100dvh" p="md">
      <RouteError {...props} />
    </Center>
  );
}
