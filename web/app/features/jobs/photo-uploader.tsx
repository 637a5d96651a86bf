import { Form, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { uploadPhoto } from "./photo-upload";

/**
 * The photos' form: without JavaScript a multipart post of every chosen photo to /jobs; with it,
 * each photo on its own to POST /api/jobs/{bookingId}/photos with its own upload key, retried on a
 * dropped connection (./photo-upload.ts), and the page's data read again when they are done.
 */
export function PhotoUploader({ bookingId, children }: { bookingId: number; children: ReactNode }) {
  const [status, setStatus] = useState<{ busy: boolean; lines: string[] }>({ busy: false, lines: [] });
  const { revalidate } = useRevalidator();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]');
    const files = [...(input?.files ?? [])];
    if (!input || files.length === 0 || typeof crypto.randomUUID !== "function") return;
    event.preventDefault();
    setStatus({ busy: true, lines: [`Uploading ${files.length} photo${files.length === 1 ? "" : "s"}...`] });
    const lines: string[] = [];
    for (const file of files) {
      const outcome = await uploadPhoto(`/api/jobs/${bookingId}/photos`, file, crypto.randomUUID());
      lines.push(outcome.ok ? `${file.name}: saved.` : `${file.name}: not saved. ${outcome.message}`);
      setStatus({ busy: true, lines: [...lines] });
    }
    input.value = "";
    setStatus({ busy: false, lines });
    revalidate();
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-2 grid gap-2"
    >
      {children}
      <Button type="submit" variant="outline" className="h-11 justify-self-start" disabled={status.busy}>
        <Upload aria-hidden="true" />
        {status.busy ? "Uploading..." : "Upload photos"}
        <span className="sr-only"> (visit #{bookingId})</span>
      </Button>
      <div aria-live="polite" className="text-sm text-slate-700">
        {status.lines.length > 0 ? (
          <ul>
            {status.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </Form>
  );
}
