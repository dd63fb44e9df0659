import { Button, type ButtonProps } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntityKind } from '../../common/enums';
import { useCurrentUser } from '../api/auth';
import { itemQuery, setCachedLiked, setLiked } from '../api/items';
import { likeTexts } from '../lib/detail';
import { notifyFailure, notifySuccess } from '../toasts/notify';

interface LikeButtonProps {
  kind: EntityKind;
  id: number;
  /** The item's liked flag as the server sent it */
  liked: boolean;
  /** Called after a successful like or unlike with the new flag (e.g. to update a cached item) */
  onLikedChange?: (liked: boolean) => void;
  size?: ButtonProps['size'];
}

/**
 * Like / Unlike for any catalogue item (spec 4 "Like"): shown only to logged-in users. On success
 * the flag flips and a toast says so; on failure the error toast shows and nothing changes.
 */
export function LikeButton({ kind, id, liked: serverLiked, onLikedChange, size = 'sm' }: LikeButtonProps) {
  const user = useCurrentUser();
  // The local flag follows the server's when that changes (another item, a refetch).
  const [liked, setLocalLiked] = useState(serverLiked);
  const [lastServerLiked, setLastServerLiked] = useState(serverLiked);
  if (serverLiked !== lastServerLiked) {
    setLastServerLiked(serverLiked);
    setLocalLiked(serverLiked);
  }

  const queryClient = useQueryClient();
  const texts = likeTexts(kind);
  const mutation = useMutation({
    mutationFn: (next: boolean) => setLiked(kind, id, next),
    onSuccess: (_, next) => {
      setLocalLiked(next);
      notifySuccess(next ? texts.liked : texts.unliked);
      // The item's cached read follows, so returning to the page shows the new flag.
      setCachedLiked(queryClient, itemQuery(kind, id).queryKey, next);
      onLikedChange?.(next);
    },
    onError: (error, next) => notifyFailure(next ? texts.likeFailed : texts.unlikeFailed, error),
  });

  if (!user) return null;
  const Icon = liked ? IconHeartFilled : IconHeart;
  return (
    <Button
      variant={liked ? 'filled' : 'light'}
      size={size}
      px="sm"
      fullWidth
      leftSection={<Icon size={18} aria-hidden />}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(!liked)}
    >
      {liked ? 'Unlike' : 'Like'}
    </Button>
  );
}
