import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Env } from "../env.server";

/**
 * Where emailed CSV exports are kept (docs/decisions/022-exports-that-finish.md): the sibling of the
 * job photos' store (../job-record/photo-store.server.ts), in the same places: on disk under
 * UPLOADS_DIR/exports, or in the S3-compatible bucket when S3_BUCKET is set. Nothing in either is
 * public: the file is sent only through its signed, expiring link, to the staff member who asked
 * (web/app/routes/admin.exports.$id.ts).
 */

/** How long the bucket's presigned address, given after the link and the session were checked, works. */
const BUCKET_URL_SECONDS = 5 * 60;

export interface ExportStore {
  /** Writes the file from its text as it comes (never whole in memory); returns its size in bytes. */
  write(key: string, text: AsyncIterable<string>): Promise<number>;
  /** The file to send: its bytes as a stream with their length (disk), or a short-lived address (bucket); null when gone. */
  open(key: string, filename: string): Promise<{ stream: Readable; bytes: number } | { url: string } | null>;
  remove(key: string): Promise<void>;
}

type StoreEnv = Pick<Env, "UPLOADS_DIR" | "S3">;

/** A key the store accepts: `exports/<uuid>.csv`. */
const EXPORT_KEY = /^exports\/[0-9a-f-]{36}\.csv$/;
export const exportKey = (exportId: string) => `exports/${exportId}.csv`;

/** The text as UTF-8 into `path`, at the pace the disk takes it. */
async function writeText(path: string, text: AsyncIterable<string>) {
  await pipeline(Readable.from(text, { objectMode: false }), createWriteStream(path, { mode: 0o600 }));
  return (await stat(path)).size;
}

class DiskStore implements ExportStore {
  constructor(private readonly env: StoreEnv) {}

  path(key: string) {
    if (!EXPORT_KEY.test(key)) throw new Error(`not an export key: ${key}`);
    const root = resolve(this.env.UPLOADS_DIR);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`not an export key: ${key}`);
    return path;
  }

  async write(key: string, text: AsyncIterable<string>) {
    const path = this.path(key);
    await mkdir(resolve(path, ".."), { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      const bytes = await writeText(partial, text);
      await rename(partial, path);
      return bytes;
    } finally {
      await rm(partial, { force: true });
    }
  }

  async open(key: string) {
    const path = this.path(key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), bytes: size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(key: string) {
    await rm(this.path(key), { force: true });
  }
}

class BucketStore implements ExportStore {
  private readonly client: S3Client;
  constructor(private readonly s3: NonNullable<Env["S3"]>) {
    this.client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(s3.credentials ? { credentials: s3.credentials } : {}),
    });
  }

  /** Written to a temporary file first, so the bucket gets it with its length, in one request. */
  async write(key: string, text: AsyncIterable<string>) {
    if (!EXPORT_KEY.test(key)) throw new Error(`not an export key: ${key}`);
    const temporary = join(tmpdir(), `export-${randomUUID()}.csv`);
    try {
      const bytes = await writeText(temporary, text);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.s3.bucket,
          Key: key,
          Body: createReadStream(temporary),
          ContentLength: bytes,
          ContentType: "text/csv; charset=utf-8",
          CacheControl: "private, no-store",
        }),
      );
      return bytes;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async open(key: string, filename: string) {
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.s3.bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${filename}"`,
      }),
      { expiresIn: BUCKET_URL_SECONDS },
    );
    return { url };
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }
}

const stores = new WeakMap<object, ExportStore>();

/** The process's export store for its environment: the bucket when S3_BUCKET is set, else the disk. */
export function exportStore(env: StoreEnv): ExportStore {
  let store = stores.get(env);
  if (!store) {
    store = env.S3 ? new BucketStore(env.S3) : new DiskStore(env);
    stores.set(env, store);
  }
  return store;
}
