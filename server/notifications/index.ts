export type { Executor as NoticeExecutor } from './queries';
export { SEND_POLICY, type SendReport } from './sender';
export { createNotifications, DISCORD_JOB, type Notifications, type NotificationsDeps } from './service';
export type { NoticeEvent, RequestNotice } from './types';
