import { ActionIcon, Anchor, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useConfig } from '../../api/config';
import { LazyTooltip } from '../later/LazyTooltip';
import { linkIcon } from '../linkIcons';
import classes from '../plainList.module.css';

/** Spec 2 footer: social links, the credit line (creator, performer, copyright year) and media source links. */
export function SiteFooter() {
  const { socials, credit, mediaSources, siteName } = useConfig();
  const year = new Date().getFullYear();
  return (
    <Container component="footer" size="xl" py="xl" mt="xl">
      <Divider mb="lg" />
      <Stack gap="sm" align="center">
        <Group component="ul" gap="xs" justify="center" aria-label="Socials" className={classes.plainList}>
          {socials.map((social) => {
            const Icon = linkIcon(social.kind);
            return (
              <li key={social.url}>
                <LazyTooltip label={social.label}>
                  <ActionIcon
                    component="a"
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={social.label}
                  >
                    <Icon size={20} stroke={1.7} />
                  </ActionIcon>
                </LazyTooltip>
              </li>
            );
          })}
        </Group>
        <Text fz="sm" c="dimmed" ta="center">
          {siteName} is made by{' '}
          {credit.creatorUrl ? (
            <Anchor href={credit.creatorUrl} target="_blank" rel="noopener noreferrer" inherit>
              {credit.creator}
            </Anchor>
          ) : (
            credit.creator
          )}
          , fans of {credit.performer}. Songs and streams © {year} {credit.performer}.
        </Text>
        <Group gap={6} justify="center" fz="xs" c="dimmed" component="p" m={0}>
          <span>Media from</span>
          {mediaSources.map((source, index) => (
            <span key={source.url}>
              <Anchor href={source.url} target="_blank" rel="noopener noreferrer" inherit c="dimmed" underline="always">
                {source.label}
              </Anchor>
              {index < mediaSources.length - 1 ? ',' : ''}
            </span>
          ))}
        </Group>
      </Stack>
    </Container>
  );
}
