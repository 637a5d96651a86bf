/** The signed-in user as pages and the header see it (never a password or hash). */
export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: "customer" | "technician" | "admin";
  /** Whether the owner of `email` has proved it (docs/security.md, "Verified identities"). */
  emailVerified: boolean;
}

/** The user as the API returns it (login, register, me): SessionUser plus status and dates, in ISO 8601. */
export interface ApiUser extends SessionUser {
  isActive: boolean;
  createdAt: string;
  lastLogin: string | null;
}

/** The columns of an account these are made from (`sessionUserColumns`, ../sessions.server.ts). */
export interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: SessionUser["role"];
  isActive: boolean;
  createdAt: Date;
  lastLogin: Date | null;
  emailVerifiedAt: Date | null;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** The account as the API returns it. */
export function toApiUser(user: UserRow): ApiUser {
  return {
    ...toSessionUser(user),
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}
