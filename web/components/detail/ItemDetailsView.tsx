import { ActionIcon, Button, Grid, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconPencil, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EntityKind } from '../../../common/enums';
import { useCurrentUser } from '../../api/auth';
import { DETAIL_PATHS } from '../../lib/detail';
import type { ReadOnlyField } from '../../lib/detail-fields';
import { EmphasisHeader } from '../EmphasisHeader';
import { LazyTooltip } from '../later/LazyTooltip';
import { Thumbnail } from '../Thumbnail';
import { KIND_TITLES } from './kind-titles';

interface ItemDetailsViewProps {
  kind: EntityKind;
  id: number;
  name: string;
  thumbnail: string | null;
  /** From the route's staticData.editable: false on /details, true on /edit */
  editable: boolean;
  /** Shown read-only in both modes (spec 5 "Edit fields") */
  fields: ReadOnlyField[];
  /** The edit view's own fields (stream id, timestamp, lyrics, tags), under the read-only ones */
  children?: ReactNode;
  /** The edit view's buttons (CANCEL, SAVE or PROPOSE CHANGE); defaults to CANCEL back to details */
  editActions?: ReactNode;
}

/**
 * The details view of any item (spec 2): its read-only fields with BACK to the item and, for
 * logged-in users, EDIT. The edit route renders the same view with `editable`, adding its fields and
 * buttons through `children` and `editActions`.
 */
export function ItemDetailsView({ kind, id, name, thumbnail, editable, fields, children, editActions }: ItemDetailsViewProps) {
  const user = useCurrentUser();
  const { icon, title } = KIND_TITLES[kind];
  const paths = DETAIL_PATHS[kind];

  return (
    <>
      {editable ? (
        <EmphasisHeader icon={icon} text="Edit" emphasis={title} />
      ) : (
        <EmphasisHeader icon={icon} text={title} emphasis="Details" />
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Thumbnail kind={kind} thumbnail={thumbnail} alt={name} eager />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid="details-fields">
                {fields.map((field) => (
                  <TextInput
                    key={field.label}
                    label={field.label}
                    value={field.value}
                    readOnly
                    variant="filled"
                    rightSection={field.link ? <OpenLink href={field.value} label={field.label} /> : undefined}
                  />
                ))}
              </SimpleGrid>
              {children}
              <Group gap="xs">
                {editable ? (
                  (editActions ?? (
                    <Button
                      renderRoot={(props) => <Link {...props} to={paths.details} params={{ id }} />}
                      variant="default"
                      leftSection={<IconX size={18} aria-hidden />}
                    >
                      CANCEL
                    </Button>
                  ))
                ) : (
                  <>
                    <Button
                      renderRoot={(props) => <Link {...props} to={paths.page} params={{ id }} />}
                      variant="default"
                      leftSection={<IconArrowLeft size={18} aria-hidden />}
                    >
                      BACK
                    </Button>
                    {user ? (
                      <Button
                        renderRoot={(props) => <Link {...props} to={paths.edit} params={{ id }} />}
                        leftSection={<IconPencil size={18} aria-hidden />}
                      >
                        EDIT
                      </Button>
                    ) : null}
                  </>
                )}
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
    </>
  );
}

function OpenLink({ href, label }: { href: string; label: string }) {
  return (
    <LazyTooltip label="Open in a new tab">
      <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" variant="subtle" aria-label={`Open ${label}`}>
        <IconExternalLink size={18} />
      </ActionIcon>
    </LazyTooltip>
  );
}
