import { z } from "../zod";
import { queueNames } from "../jobs";

const UNKNOWN_JOB = "Unknown job";

/** The queues page's Retry button (/admin/queues, docs/product.md#queues): the job's queue and id. */
export const retryJobFormSchema = z.object({
  queue: z.enum(queueNames, { error: UNKNOWN_JOB }),
  jobId: z.string({ error: UNKNOWN_JOB }).min(1, UNKNOWN_JOB),
});
