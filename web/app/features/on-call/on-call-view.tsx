/** /admin/on-call's page (docs/product.md#on-call): who is on call now, the rota from today, and staff phones. */
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { PhoneCall, UserPlus } from "lucide-react";
import { newShiftSchema, ON_CALL_INTENTS, staffPhoneSchema } from "@app/shared/api/on-call";
import { RoleBadge } from "~/components/staff/badges";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { Outcome } from "~/components/ui/outcome";
import { AdminShell } from "~/features/live/admin-shell";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { OnCallData, onCallLoader } from "./on-call-page.server";

export function OnCallPage() {
  const data = useLoaderData<typeof onCallLoader>();
  const posted = useActionOutcome<ActionResult>();
  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="On Call"
        description="Who is called and texted for an emergency, day and night: the shift of the day, then its fallback; with no shift, the admins."
      />
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at} className="mb-4">
          {posted.message}
        </Outcome>
      ) : null}
      <OnCallNow now={data.now} />
      <Rota data={data} posted={posted} />
      <StaffPhones staff={data.staff} posted={posted} />
    </AdminShell>
  );
}

function OnCallNow({ now }: { now: OnCallData["now"] }) {
  return (
    <section aria-labelledby="on-call-now" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="on-call-now" className="mb-2 flex items-center gap-2 text-lg font-bold text-slate-900">
        <PhoneCall aria-hidden="true" className="size-5 text-brand-700" />
        On call now
      </h2>
      {now.first ? (
        <p className="wrap-anywhere text-slate-800">
          <strong>{now.first.name}</strong>, {now.first.phone}
          {now.fromRota ? "" : " (an admin: nobody is on the rota today)"}
          {now.then.length ? `; then ${now.then.map((p) => p.name).join(", ")}` : ""}.
        </p>
      ) : (
        <p className="text-slate-800">
          Nobody can be called: no one on call today has a phone, and no admin has one. Add a phone below.
        </p>
      )}
    </section>
  );
}

function Rota({ data, posted }: { data: OnCallData; posted?: ActionResult }) {
  return (
    <section aria-labelledby="rota-heading" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="rota-heading" className="mb-3 text-lg font-bold text-slate-900">
        The rota
      </h2>
      <AddShiftForm data={data} posted={posted} />
      {data.shifts.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No shifts from today: the admins are on call.</p>
      ) : (
        <ul aria-label="Shifts" className="mt-4 divide-y divide-slate-100">
          {data.shifts.map((shift) => (
            <li key={shift.id} data-shift={shift.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <p className="wrap-anywhere text-slate-800">
                <strong>{shift.name}</strong> {shift.days}
                {shift.fallback ? `, then ${shift.fallback}` : ", then the admins"}
                {shift.hasPhone ? "" : " (no phone on file)"}
              </p>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={ON_CALL_INTENTS.remove} />
                <input type="hidden" name="shiftId" value={shift.id} />
                <Button type="submit" variant="outline" size="sm" className="min-h-11 md:min-h-9">
                  Remove
                  <span className="sr-only">
                    {" "}
                    the shift of {shift.name} {shift.days}
                  </span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Who, their fallback, the first and the last day (a week from today by default). */
function AddShiftForm({ data, posted }: { data: OnCallData; posted?: ActionResult }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === ON_CALL_INTENTS.add;
  const [form, fields] = useSchemaForm(newShiftSchema, {
    id: "add-shift",
    lastResult: posted?.intent === ON_CALL_INTENTS.add ? posted.result : undefined,
    defaultValue: { startsOn: data.today, endsOn: data.weekEnd },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto] lg:items-start"
    >
      <input type="hidden" name="intent" value={ON_CALL_INTENTS.add} />
      <SelectField field={fields.userId} label="On call">
        <StaffOptions staff={data.staff} none="Choose someone" />
      </SelectField>
      <SelectField field={fields.fallbackId} label="Then (fallback)">
        <StaffOptions staff={data.staff} none="The admins" />
      </SelectField>
      <TextField field={fields.startsOn} label="First day" type="date" min={data.today} />
      <TextField field={fields.endsOn} label="Last day" type="date" min={data.today} />
      <Button type="submit" disabled={adding} className="lg:mt-6">
        <UserPlus aria-hidden="true" />
        {adding ? "Adding..." : "Add shift"}
      </Button>
    </Form>
  );
}

/** The staff to choose from, after the choice of none. */
function StaffOptions({ staff, none }: { staff: OnCallData["staff"]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {staff.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </>
  );
}

function StaffPhones({ staff, posted }: { staff: OnCallData["staff"]; posted?: ActionResult }) {
  return (
    <section aria-labelledby="phones-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="phones-heading" className="mb-1 text-lg font-bold text-slate-900">
        Staff phones
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Whoever is on call is called and texted on their own phone. Those who ring with the office get the business
        number&apos;s calls in office hours, with the office&apos;s phone.
      </p>
      <ul aria-label="Staff phones" className="divide-y divide-slate-100">
        {staff.map((person) => (
          <PhoneRow key={person.id} person={person} posted={posted} />
        ))}
      </ul>
    </section>
  );
}

function PhoneRow({ person, posted }: { person: OnCallData["staff"][number]; posted?: ActionResult }) {
  const navigation = useNavigation();
  const mine = (formData?: FormData | null) =>
    formData?.get("intent") === ON_CALL_INTENTS.phone && formData.get("userId") === String(person.id);
  const saving = navigation.state === "submitting" && mine(navigation.formData);
  const postedHere =
    posted?.intent === ON_CALL_INTENTS.phone && posted.result.initialValue?.userId === String(person.id);
  const [form, fields] = useSchemaForm(staffPhoneSchema, {
    id: `staff-phone-${person.id}`,
    lastResult: postedHere ? posted.result : undefined,
    defaultValue: { userId: String(person.id), phone: person.phone, takesCalls: person.takesCalls ? "on" : undefined },
  });
  return (
    <li data-staff={person.id} className="py-3">
      <Form
        method="post"
        preventScrollReset
        {...getFormProps(form)}
        aria-label={`Phone of ${person.name}`}
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_14rem_auto_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value={ON_CALL_INTENTS.phone} />
        <input {...getInputProps(fields.userId, { type: "hidden" })} />
        <p className="wrap-anywhere font-medium text-slate-900 sm:pb-2">
          {person.name} <RoleBadge role={person.role} />
        </p>
        <TextField field={fields.phone} label={`Phone of ${person.name}`} type="tel" autoComplete="off" />
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            {...getInputProps(fields.takesCalls, { type: "checkbox" })}
            className="size-5 rounded border-slate-300"
          />
          Rings with the office
        </label>
        <Button type="submit" variant="outline" disabled={saving} className="min-h-11 md:min-h-9">
          {saving ? "Saving..." : "Save"}
          <span className="sr-only"> the phone of {person.name}</span>
        </Button>
      </Form>
    </li>
  );
}
