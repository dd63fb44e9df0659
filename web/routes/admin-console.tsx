import { Tabs } from '@mantine/core';
import { IconBan, IconChecklist, IconPencilCheck, IconRefresh, IconReportMoney } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { APPROVALS_TAB_PATH } from '../../common/request-states';
import classes from '../components/admin/admin.module.css';
import { OverlayLinks } from '../components/admin/OverlayLinks';
import { EmphasisHeader } from '../components/EmphasisHeader';

const TABS = [
  { value: '/admin/edits', label: 'Edit Approvals', Icon: IconPencilCheck },
  { value: '/admin/refreshes', label: 'Playlist Refresh Approvals', Icon: IconRefresh },
  { value: APPROVALS_TAB_PATH, label: 'Request Approvals', Icon: IconChecklist },
  { value: '/admin/earnings', label: 'Earnings', Icon: IconReportMoney },
  { value: '/admin/blocklist', label: 'Request Blocklist', Icon: IconBan },
] as const;

/**
 * /admin (spec 2 "Admin console"): header "Admin Console" and the tabs "Edit Approvals" and "Playlist
 * Refresh Approvals", then the paid requests waiting for approval (the third tab of issue 19), "Earnings"
 * and the flip blocklist; below them the stream overlays' URLs to copy (issue 11).
 */
export function AdminConsolePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate({ from: '/admin' });
  const current = TABS.find((tab) => pathname.startsWith(tab.value))?.value ?? TABS[0].value;
  return (
    <>
      <EmphasisHeader icon="hammer" text="Admin" emphasis="Console" />
      <Tabs value={current} onChange={(value) => value && void navigate({ to: value as (typeof TABS)[number]['value'] })} mb="xl">
        {/* One line that scrolls sideways on a phone: wrapped, the tabs broke the list's underline in two. */}
        <div className={classes.tabsScroller}>
          <Tabs.List className={classes.tabsList}>
            {TABS.map(({ value, label, Icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={18} stroke={1.8} aria-hidden />}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </div>
      </Tabs>
      <Outlet />
      <OverlayLinks />
    </>
  );
}
