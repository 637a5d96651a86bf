import type { ReactNode } from "react";
import { StaffFrame } from "~/components/staff/staff-frame";
import { StaffSearchBox } from "~/features/search/staff-search-box";
import { LiveAdmin, LiveIndicator } from "./live-admin";

/**
 * Every staff page's frame, live: the staff bar with the search box, the live indicator beside the
 * title, emergency alerts, and (unless `refresh` is false) the page's data reloaded when a booking is
 * created or changed anywhere.
 */
export function AdminShell({
  children,
  refresh = true,
  className,
}: {
  children: ReactNode;
  refresh?: boolean;
  className?: string;
}) {
  return (
    <LiveAdmin refresh={refresh}>
      <StaffFrame search={<StaffSearchBox />} indicator={<LiveIndicator />} className={className}>
        {children}
      </StaffFrame>
    </LiveAdmin>
  );
}
