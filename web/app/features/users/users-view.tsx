/** /admin/users' page (docs/product.md#users): every account, found by part of a name or email or by role, 50 a page, and role changes (asking first before making anyone an admin). */
import { USER_INTENTS } from "./users-intents";
import { Form, Link, useFetcher, useFetchers, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { toastResult, useFetcherDone } from "~/features/bookings/action-result";
import type { usersAction } from "./users-actions.server";
import { AdminPageHeader, PostedOutcome } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { RoleBadge } from "~/components/staff/badges";
import { DataTable, TBody, Td, Th, THead, Tr } from "~/components/staff/data-table";
import { formatDate, formatDateTime } from "@app/shared/time";
import { ROLES, roleLabel, type Role } from "~/components/staff/format";
import { type UserListQuery } from "@app/shared/api/admin";
import { STAFF_SEARCH_MAX_LENGTH, USERS_PER_PAGE } from "@app/shared/api/limits";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { usersLoader } from "./users-page.server";

type User = Awaited<ReturnType<typeof usersLoader>>["users"][number];

const ROLE_FETCHER_PREFIX = "user-role-";

/** What "Make … an admin?" warns of (docs/product.md#users). */
const ADMIN_POWERS =
  "They will be able to see and change every booking, customer and message, export the bookings, and change anyone's role, yours included.";

/** An account about to be made admin, while the page asks. */
interface Promotion {
  userId: number;
  name: string;
}

/** The action's answer to a change to admin sent without `confirm=yes`: the page asks first. */
function promotionAsked(posted: unknown): Promotion | null {
  if (!posted || typeof posted !== "object" || !("confirmAdmin" in posted)) return null;
  return (posted as { confirmAdmin: Promotion }).confirmAdmin;
}

export function UsersPage() {
  const { users, total, before, nextCursor, previousCursor, paged, currentUserId, filters } =
    useLoaderData<typeof usersLoader>();
  const filtered = Boolean(filters.q || filters.role);
  // Without JavaScript the role forms post as a page; the outcome is shown here.
  const posted = useActionOutcome<typeof usersAction>();
  // Every selector waits while any role change is on its way (docs/product.md#users).
  const anyPending = useFetchers().some((f) => f.key.startsWith(ROLE_FETCHER_PREFIX) && f.state !== "idle");
  // With JavaScript the selector asks in a dialog before it posts; without, the post answers with the question.
  const [promoting, setPromoting] = useState<Promotion | null>(null);
  const asked = promotionAsked(posted);

  if (asked)
    return (
      <AdminShell refresh={false}>
        <AdminPageHeader back={{ to: "/admin/users", label: "Back to Users" }} title="User Management" />
        <ConfirmPromotion promotion={asked} />
      </AdminShell>
    );

  return (
    <AdminShell refresh={false}>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="User Management"
        description={`${total} ${total === 1 ? "user" : "users"}${filtered ? " found" : ""}${paged || nextCursor ? `, ${USERS_PER_PAGE} a page, newest first` : ""}. Change a role with the selector in the Actions column.`}
      />

      <UserFilters filters={filters} filtered={filtered} />

      {posted ? (
        <PostedOutcome
          ok={posted.ok}
          message={posted.ok ? "User role updated successfully." : posted.message || "Failed to update user role"}
        />
      ) : null}

      <DataTable caption="All users">
        <THead>
          <Th>Name</Th>
          <Th>Email</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Created</Th>
          <Th>Last Login</Th>
          <Th className="w-44">Actions</Th>
        </THead>
        <TBody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isSelf={user.id === currentUserId}
              locked={anyPending}
              onPromote={setPromoting}
            />
          ))}
        </TBody>
      </DataTable>
      <UserPages
        paged={paged}
        before={before}
        total={total}
        previousCursor={previousCursor}
        nextCursor={nextCursor}
        filters={filters}
        shown={users.length}
      />
      {promoting ? (
        <PromotionDialog key={promoting.userId} promotion={promoting} onClose={() => setPromoting(null)} />
      ) : null}
    </AdminShell>
  );
}

/** Find an account by part of a name or email, or list one role (a plain GET form: works without JavaScript). */
function UserFilters({ filters, filtered }: { filters: UserListQuery; filtered: boolean }) {
  return (
    <Form method="get" role="search" aria-label="Users" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <Label htmlFor="users-q" className="text-xs text-slate-600">
          Name or email
        </Label>
        <Input
          id="users-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          key={`q-${filters.q}`}
          maxLength={STAFF_SEARCH_MAX_LENGTH}
          className="h-11 w-64 sm:h-9"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="users-role" className="text-xs text-slate-600">
          Role
        </Label>
        <NativeSelect
          id="users-role"
          name="role"
          defaultValue={filters.role ?? ""}
          key={`r-${filters.role}`}
          className="h-11 w-40 py-1 sm:h-9"
        >
          <option value="">All roles</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" size="sm" variant="outline">
        Search
      </Button>
      {filtered ? (
        <Link to="/admin/users" className="text-sm font-medium text-blue-700 underline underline-offset-2">
          Show everyone
        </Link>
      ) : null}
    </Form>
  );
}

/** "Users 51–100, page 2 of 7", with links to the newer and older pages (plain links: work without JavaScript). */
function UserPages({
  paged,
  before,
  total,
  previousCursor,
  nextCursor,
  filters,
  shown,
}: {
  paged: boolean;
  before: number;
  total: number;
  previousCursor: string | null | undefined;
  nextCursor: string | null;
  filters: UserListQuery;
  shown: number;
}) {
  if (!paged && !nextCursor) return null;
  const to = (cursor?: string) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.role) params.set("role", filters.role);
    if (cursor) params.set("cursor", cursor);
    return `/admin/users${params.size ? `?${params}` : ""}`;
  };
  const first = before + 1;
  const page = Math.floor(before / USERS_PER_PAGE) + 1;
  const pages = Math.max(page, Math.ceil(total / USERS_PER_PAGE));
  const link = "inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline underline-offset-2";
  return (
    <nav aria-label="Pages of users" className="mt-4 flex flex-wrap items-center gap-4">
      <p className="text-sm text-slate-700">{`Users ${first}–${first + shown - 1}, page ${page} of ${pages}`}</p>
      {paged ? (
        <Link to={to(previousCursor ?? undefined)} className={link}>
          Newer users
        </Link>
      ) : null}
      {nextCursor ? (
        <Link to={to(nextCursor)} className={link}>
          Older users
        </Link>
      ) : null}
    </nav>
  );
}

const roleSelectId = (userId: number) => `role-${userId}`;

/** The role fields of a change to admin, confirmed. */
const promotionFields = (userId: number) => ({
  intent: USER_INTENTS.changeRole,
  userId: String(userId),
  role: "admin",
  confirm: "yes",
});

/** "Make … an admin?" as a page: what a change to admin posted without JavaScript answers; Confirm posts it again, confirmed. */
function ConfirmPromotion({ promotion }: { promotion: Promotion }) {
  return (
    <section
      aria-labelledby="confirm-admin-title"
      className="max-w-xl rounded-xl border border-amber-300 bg-white p-5 shadow-sm"
    >
      <h2 id="confirm-admin-title" className="text-lg font-bold text-slate-900">
        {`Make ${promotion.name} an admin?`}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{ADMIN_POWERS}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        {Object.entries(promotionFields(promotion.userId)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit">Confirm</Button>
        <Link to="/admin/users" className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/**
 * "Make … an admin?" before a selector's change to admin is sent. Confirm sends it through the
 * row's fetcher (the row shows it on its way and toasts the outcome); Cancel, Escape or the close
 * button leave the role as it was, and the focus returns to the selector.
 */
function PromotionDialog({ promotion, onClose }: { promotion: Promotion; onClose: () => void }) {
  const fetcher = useFetcher<typeof usersAction>({ key: `${ROLE_FETCHER_PREFIX}${promotion.userId}` });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        // Back to the row's selector (the dialog has no trigger of its own).
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById(roleSelectId(promotion.userId))?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{`Make ${promotion.name} an admin?`}</DialogTitle>
          <DialogDescription>{ADMIN_POWERS}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              fetcher.submit(promotionFields(promotion.userId), { method: "post" });
              onClose();
            }}
          >
            Confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UserRow({
  user,
  isSelf,
  locked,
  onPromote,
}: {
  user: User;
  isSelf: boolean;
  locked: boolean;
  onPromote: (promotion: Promotion) => void;
}) {
  const fetcher = useFetcher<typeof usersAction>({ key: `${ROLE_FETCHER_PREFIX}${user.id}` });
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const pendingRole = fetcher.formData?.get("role");
  const shownRole = (typeof pendingRole === "string" ? pendingRole : user.role) as Role;
  const selectId = roleSelectId(user.id);

  useFetcherDone(fetcher, (result) => {
    // The selector confirms before it sends a change to admin, so the server never asks it again.
    if (result.intent === USER_INTENTS.confirmAdmin) return;
    toastResult(result, "User role updated successfully.", "Failed to update user role");
  });

  return (
    <Tr>
      <Td primary>
        <div className="flex flex-wrap items-center gap-x-2">
          <span className="font-semibold text-slate-900">{fullName || "(no name)"}</span>
          {isSelf ? <Badge variant="outline">You</Badge> : null}
        </div>
        <div className="text-xs text-slate-600">ID: {user.id}</div>
      </Td>
      <Td label="Email">
        <span className="break-all">{user.email}</span>
      </Td>
      <Td label="Role" half>
        <RoleBadge role={user.role} />
      </Td>
      <Td label="Status" half>
        {user.isActive ? (
          <Badge variant="outline" className="border-green-200 bg-green-50 text-green-900">
            Active
          </Badge>
        ) : (
          <Badge variant="outline" className="border-slate-300 bg-slate-100 text-slate-700">
            Inactive
          </Badge>
        )}
      </Td>
      <Td label="Created" half className="whitespace-nowrap text-slate-700">
        {formatDate(user.createdAt)}
      </Td>
      <Td label="Last Login" half className="whitespace-nowrap text-slate-700">
        {user.lastLogin ? formatDateTime(user.lastLogin) : "Never"}
      </Td>
      <Td label="Actions">
        <fetcher.Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value={USER_INTENTS.changeRole} />
          <input type="hidden" name="userId" value={user.id} />
          <label htmlFor={selectId} className="sr-only">
            Role for {fullName}
          </label>
          <NativeSelect
            id={selectId}
            name="role"
            value={shownRole}
            disabled={isSelf || locked}
            aria-describedby={isSelf ? `${selectId}-self` : undefined}
            className="h-11 min-w-32 py-1 sm:h-9"
            onChange={(event) => {
              const role = event.currentTarget.value;
              if (role === user.role) return;
              // Making someone admin is asked first (the selector keeps its role meanwhile).
              if (role === "admin") onPromote({ userId: user.id, name: fullName || user.email });
              else
                fetcher.submit({ intent: USER_INTENTS.changeRole, userId: String(user.id), role }, { method: "post" });
            }}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </NativeSelect>
          {isSelf ? (
            <span id={`${selectId}-self`} className="sr-only">
              You cannot change your own role.
            </span>
          ) : (
            // Without JavaScript the choice is sent with this button; with it, choosing is enough.
            <noscript>
              <Button type="submit" size="sm" variant="outline">
                Save<span className="sr-only"> role for {fullName}</span>
              </Button>
            </noscript>
          )}
        </fetcher.Form>
      </Td>
    </Tr>
  );
}
