import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { EntityKind } from '../../../common/enums';
import { approveEdit, type EditRequest, rejectEdit } from '../../api/community';
import { useTags } from '../../api/site';
import { DETAIL_PATHS } from '../../lib/detail';
import { notifyFailure, notifySuccess } from '../../toasts/notify';
import { KIND_TITLES } from '../detail/kind-titles';
import plain from '../plainList.module.css';
import { RequestedBy } from '../RequestedBy';
import classes from './admin.module.css';
import { changeRows, editQueueTexts } from './changes';
import { DecisionButtons } from './DecisionButtons';

/** One pending edit request: the item, who asked and when, the changes, and APPROVE / REJECT. */
export function EditRequestCard({ kind, request }: { kind: EntityKind; request: EditRequest }) {
  const queryClient = useQueryClient();
  const tags = useTags();
  const names = new Map((tags.data ?? []).map((tag) => [tag.id, tag.name]));
  const rows = changeRows(request.changes, (id) => names.get(id));
  const texts = editQueueTexts(kind);
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const itemName = request.entityName ?? `${KIND_TITLES[kind].title} ${request.entityId}`;

  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => (decision === 'approve' ? approveEdit(kind, request.id) : rejectEdit(kind, request.id)),
    onMutate: (decision) => setPending(decision),
    onSuccess: async (_, decision) => {
      notifySuccess(decision === 'approve' ? texts.approved : texts.rejected);
      // The queue reloads; an applied change shows on the item's pages.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['list', `/api/${kind}/edits`] }),
        decision === 'approve' ? queryClient.invalidateQueries({ queryKey: ['item', kind, request.entityId] }) : undefined,
      ]);
    },
    onError: (error, decision) => notifyFailure(decision === 'approve' ? texts.approveFailed : texts.rejectFailed, error),
    onSettled: () => setPending(null),
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="edit-request">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
            <Anchor
              renderRoot={(props) => <Link {...props} to={DETAIL_PATHS[kind].page} params={{ id: request.entityId }} />}
              fw={600}
              lineClamp={2}
            >
              {itemName}
            </Anchor>
            <RequestedBy name={request.userName} date={request.updatedAt} />
          </Stack>
          <DecisionButtons
            pending={pending}
            subject={`the edit of ${itemName}`}
            onApprove={() => decide.mutate('approve')}
            onReject={() => decide.mutate('reject')}
          />
        </Group>
        <dl className={classes.changes}>
          {rows.map((row) => (
            <div key={row.field} className={classes.change}>
              <dt>{row.label}</dt>
              <dd>
                {row.field === 'streamId' ? (
                  <Anchor renderRoot={(props) => <Link {...props} to="/streams/$id" params={{ id: row.streamId }} />}>
                    Stream {row.streamId}
                  </Anchor>
                ) : row.field === 'tags' ? (
                  row.tags.length === 0 ? (
                    <Text span c="dimmed">
                      No tags
                    </Text>
                  ) : (
                    <Group component="ul" gap={6} className={plain.plainList} aria-label="Tags">
                      {row.tags.map((tag) => (
                        <li key={tag.id}>
                          <Badge variant="light" radius="sm" tt="none">
                            {tag.name}
                          </Badge>
                        </li>
                      ))}
                    </Group>
                  )
                ) : row.field === 'lyrics' ? (
                  <ScrollArea.Autosize mah={160} type="auto">
                    <Text component="pre" className={classes.lyrics}>
                      {row.text}
                    </Text>
                  </ScrollArea.Autosize>
                ) : (
                  row.text
                )}
              </dd>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}
