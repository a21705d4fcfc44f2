import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { $ZodType } from "zod/v4/core";
import { onFirstInteraction } from "./firstInteraction";
import { fieldElement } from "./focusField";

type FormValues = Record<string, string>;
type FieldErrors<V extends FormValues> = Partial<Record<keyof V, string>>;
type Schema<V extends FormValues, Out> = $ZodType<Out, V>;
type Issue = { readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> };

function fieldOf(issue: Issue | undefined): PropertyKey | undefined {
  const segment = issue?.path?.[0];
  return typeof segment === "object" ? segment.key : segment;
}

function firstErrorPerField<V extends FormValues>(issues: readonly Issue[]): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const issue of issues) {
    const field = fieldOf(issue) as keyof V | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Validates through the schema's Standard Schema interface rather than zod's
 * `safeParse`, so that this module (part of the entry bundle, with the
 * sign-in form) does not pull in zod's parser.
 */
function check<V extends FormValues, Out>(schema: Schema<V, Out>, candidate: V) {
  const result = schema["~standard"].validate(candidate);
  if (result instanceof Promise) throw new Error("useForm needs a schema without asynchronous checks");
  return result;
}

/**
 * Form state validated by a zod schema (zod or zod/mini: any zod 4 schema
 * whose input is the form's text values): checked on submit, then re-checked on
 * every change so messages clear as the user fixes them. What the user typed
 * is always kept; `submitting` is true from a submission until it has been
 * checked and `onValid` has run, and a submission meanwhile is ignored. For a form that
 * must render before zod has loaded, the schema may be given as a function
 * that imports it: it is loaded at the visitor's first interaction with the
 * page (and awaited on submit if it has not arrived by then).
 */
export function useForm<V extends FormValues, Out>(
  schemaOrLoader: Schema<V, Out> | (() => Promise<Schema<V, Out>>),
  initialValues: V,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const loadedSchema = useRef<Schema<V, Out>>(undefined);
  const loadingSchema = useRef<Promise<Schema<V, Out>>>(undefined);
  const currentSchema = () => (typeof schemaOrLoader === "function" ? loadedSchema.current : schemaOrLoader);
  const loadSchema = () =>
    (loadingSchema.current ??= (schemaOrLoader as () => Promise<Schema<V, Out>>)().then(
      (schema) => (loadedSchema.current = schema),
      (error) => {
        loadingSchema.current = undefined;
        throw error;
      },
    ));
  useEffect(() => {
    if (typeof schemaOrLoader === "function") onFirstInteraction(() => void loadSchema().catch(() => {}));
  }, []); // once per form: a loader is not expected to change

  const validate = (schema: Schema<V, Out>, candidate: V) => {
    const result = check(schema, candidate);
    setErrors(result.issues ? firstErrorPerField<V>(result.issues) : {});
    return result;
  };

  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      const schema = currentSchema();
      if (submitted && schema) validate(schema, next);
    },
  });

  // One submission at a time, from the first press on: `submitting` (state)
  // is seen only by the next render, and a second press can come before it.
  const inFlight = useRef(false);
  const handleSubmit = (onValid: (data: Out) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    setSubmitted(true);
    // Busy while a schema that has not arrived loads, too.
    setSubmitting(true);
    try {
      const result = validate(currentSchema() ?? (await loadSchema()), values);
      if (result.issues) {
        const firstInvalid = fieldOf(result.issues[0]);
        if (typeof firstInvalid === "string") fieldElement(form, firstInvalid)?.focus();
        return;
      }
      await onValid(result.value);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  /** Sets fields from outside the form (a restored draft); re-checked if the form was submitted. */
  const fill = (fields: Partial<V>) => {
    const next = { ...values, ...fields };
    setValues(next);
    const schema = currentSchema();
    if (submitted && schema) validate(schema, next);
  };

  const reset = () => {
    setValues(initialValues);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, submitting, field, fill, handleSubmit, reset };
}
