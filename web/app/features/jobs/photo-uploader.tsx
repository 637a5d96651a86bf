import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Outcome } from "~/components/ui/outcome";
import { uploadPhoto } from "./photo-upload";

type Status =
  | { state: "idle" }
  | { state: "busy"; lines: string[] }
  | { state: "done"; lines: string[]; allSaved: boolean; at: number };

/**
 * The photos' form: without JavaScript a multipart post of every chosen photo to /jobs (its answer
 * shows where the page's answers show); with it, each photo on its own to POST
 * /api/jobs/{bookingId}/photos with its own upload key, retried on a dropped connection
 * (./photo-upload.ts), the page's data read again when they are done, and then what became of each
 * photo said below the button, in view and focused, until the next post of the page.
 */
export function PhotoUploader({ bookingId, children }: { bookingId: number; children: ReactNode }) {
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const revalidator = useRevalidator();
  // The answer shows once the page shows the new photos: revealed before, it was pushed out of view.
  const settled = revalidator.state === "idle";
  const navigation = useNavigation();

  // Another form of the page was sent: its answer is the page's one outcome now.
  if (navigation.state === "submitting" && status.state === "done") setStatus({ state: "idle" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]');
    const files = [...(input?.files ?? [])];
    if (!input || files.length === 0 || typeof crypto.randomUUID !== "function") return;
    event.preventDefault();
    setStatus({ state: "busy", lines: [`Uploading ${files.length} photo${files.length === 1 ? "" : "s"}...`] });
    const lines: string[] = [];
    let allSaved = true;
    for (const file of files) {
      const outcome = await uploadPhoto(`/api/jobs/${bookingId}/photos`, file, crypto.randomUUID());
      allSaved &&= outcome.ok;
      lines.push(outcome.ok ? `${file.name}: saved.` : `${file.name}: not saved. ${outcome.message}`);
      setStatus({ state: "busy", lines: [...lines] });
    }
    input.value = "";
    setStatus({ state: "done", lines, allSaved, at: Date.now() });
    revalidator.revalidate();
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-2 grid gap-2"
    >
      {children}
      <Button type="submit" variant="outline" className="h-11 justify-self-start" disabled={status.state === "busy"}>
        <Upload aria-hidden="true" />
        {status.state === "busy" ? "Uploading..." : "Upload photos"}
        <span className="sr-only"> (visit #{bookingId})</span>
      </Button>
      <div aria-live="polite" className="text-sm text-slate-700">
        {status.state === "busy" || (status.state === "done" && !settled) ? <Lines lines={status.lines} /> : null}
      </div>
      {status.state === "done" && settled ? (
        <Outcome tone={status.allSaved ? "success" : "destructive"} revealKey={status.at}>
          <Lines lines={status.lines} />
        </Outcome>
      ) : null}
    </Form>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <ul>
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}
