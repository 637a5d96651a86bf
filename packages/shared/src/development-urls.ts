/**
 * Where PostgreSQL and Redis are when DATABASE_URL and REDIS_URL are not set
 * (outside production only): the local servers `npm run dev` uses. env.server.ts fills
 * them in, and prisma/prisma.config.ts takes the database's from here.
 *
 * This file imports nothing: the image build (infra/Dockerfile) copies it alone
 * before `npm ci`, whose `prisma generate` reads prisma.config.ts.
 */
export const DEVELOPMENT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/bayou_current";
export const DEVELOPMENT_REDIS_URL = "redis://127.0.0.1:6379";
