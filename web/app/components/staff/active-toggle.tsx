import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

/**
 * What an admin keeps in a list and takes off it without deleting (a price book item, a plan): its Active or
 * Inactive badge, and its Deactivate or Activate button, a plain post of `intent`, `id` and the new `active`.
 */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>;
}

export function ActiveToggle({
  intent,
  record,
}: {
  intent: string;
  record: { id: number; name: string; active: boolean };
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={record.id} />
      <input type="hidden" name="active" value={record.active ? "false" : "true"} />
      <Button type="submit" variant="outline" size="sm">
        {record.active ? "Deactivate" : "Activate"}
        <span className="sr-only"> {record.name}</span>
      </Button>
    </Form>
  );
}
