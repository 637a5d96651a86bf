import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import { GetObjectCommand, PutObjectCommand, DeleteObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Env } from "../env.server";
import { purposeKeys, signFor, verifyFor } from "../keys.server";

/**
 * Where job photos are kept (docs/product.md#job-record, docs/deploying.md#job-photos): on disk
 * under UPLOADS_DIR, or in an S3-compatible bucket when S3_BUCKET is set. Nothing in either is
 * public: a photo is shown through an address that stops working after PHOTO_URL_SECONDS, made
 * for staff who may see it (a signed `/uploads/<key>` for the disk, a presigned GET for S3).
 */

/** How long a photo's address works. */
export const PHOTO_URL_SECONDS = 10 * 60;

export interface PhotoStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** An address that shows the photo for PHOTO_URL_SECONDS. */
  url(key: string, now?: Date): Promise<string>;
}

type StoreEnv = Pick<Env, "UPLOADS_DIR" | "S3" | "SESSION_SECRETS">;

/** A key the store accepts: `jobs/<booking>/<name>.<ext>`, nothing that climbs out of its folder. */
const STORAGE_KEY = /^jobs\/\d{1,10}\/[A-Za-z0-9-]{1,80}\.(jpg|webp)$/;
export const isStorageKey = (key: string) => STORAGE_KEY.test(key);

/** The message a disk photo's address signs: its key and when it stops working. */
const signedMessage = (key: string, expires: number) => `${key}\n${expires}`;

class DiskStore implements PhotoStore {
  constructor(private readonly env: StoreEnv) {}

  path(key: string) {
    if (!isStorageKey(key)) throw new Error(`not a photo key: ${key}`);
    const root = resolve(this.env.UPLOADS_DIR);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`not a photo key: ${key}`);
    return path;
  }

  async put(key: string, body: Buffer) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside, then renamed: a reader never sees half a photo.
    const partial = `${path}.${randomUUID()}.partial`;
    await writeFile(partial, body, { mode: 0o600 });
    await rename(partial, path);
  }

  async remove(key: string) {
    await rm(this.path(key), { force: true });
  }

  url(key: string, now = new Date()) {
    const expires = Math.floor(now.getTime() / 1000) + PHOTO_URL_SECONDS;
    const signature = signFor(photoUrlKeys(this.env)[0]!, signedMessage(key, expires));
    return Promise.resolve(`/uploads/${key}?${new URLSearchParams({ expires: String(expires), signature })}`);
  }

  /** The photo's bytes, or null when there is none. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
}

class BucketStore implements PhotoStore {
  private readonly client: S3Client;
  constructor(private readonly s3: NonNullable<Env["S3"]>) {
    this.client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(s3.credentials ? { credentials: s3.credentials } : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: "private, max-age=600",
      }),
    );
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  url(key: string) {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }), {
      expiresIn: PHOTO_URL_SECONDS,
    });
  }
}

/** Where the bucket's presigned addresses point: the endpoint's origin, or AWS's own host for the bucket. */
export function photoBucketOrigin(s3: NonNullable<Env["S3"]>): string {
  return s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

const photoUrlKeys = (env: Pick<Env, "SESSION_SECRETS">) => purposeKeys(env.SESSION_SECRETS, "job-photo-url");

const stores = new WeakMap<object, PhotoStore>();

/** The process's photo store for its environment: the bucket when S3_BUCKET is set, else the disk. */
export function photoStore(env: StoreEnv): PhotoStore {
  let store = stores.get(env);
  if (!store) {
    store = env.S3 ? new BucketStore(env.S3) : new DiskStore(env);
    stores.set(env, store);
  }
  return store;
}

/**
 * A disk photo for `/uploads/<key>?expires=…&signature=…` (web/app/routes/uploads.$.ts): its bytes
 * when the signature is ours and the time has not passed; "forbidden" otherwise (tampered,
 * expired, or no such photo: the same answer, so an address says nothing about what exists).
 */
export async function readSignedPhoto(
  env: StoreEnv,
  key: string,
  expires: string | null,
  signature: string | null,
  now = new Date(),
): Promise<Buffer | "forbidden"> {
  if (env.S3 || !isStorageKey(key) || !expires || !signature || !/^\d{1,12}$/.test(expires)) return "forbidden";
  if (Number(expires) * 1000 < now.getTime()) return "forbidden";
  if (Number(expires) * 1000 > now.getTime() + (PHOTO_URL_SECONDS + 60) * 1000) return "forbidden";
  if (!verifyFor(photoUrlKeys(env), signedMessage(key, Number(expires)), signature)) return "forbidden";
  const body = await (photoStore(env) as DiskStore).read(key);
  return body ?? "forbidden";
}
