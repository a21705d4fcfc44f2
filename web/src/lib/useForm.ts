import { useState, type ChangeEvent, type FormEvent } from "react";
import { safeParse, type $ZodIssue, type $ZodType } from "zod/v4/core";

type FormValues = Record<string, string>;
type FieldErrors<V extends FormValues> = Partial<Record<keyof V, string>>;

function firstErrorPerField<V extends FormValues>(issues: readonly $ZodIssue[]): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof V | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Form state validated by a zod schema (zod or zod/mini: any zod 4 schema
 * whose input is the form's text values): checked on submit, then re-checked on
 * every change so messages clear as the user fixes them. What the user typed
 * is always kept; `submitting` is true while `onValid` runs.
 */
export function useForm<V extends FormValues, Out>(schema: $ZodType<Out, V>, initialValues: V) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const validate = (candidate: V) => {
    const result = safeParse(schema, candidate);
    setErrors(result.success ? {} : firstErrorPerField<V>(result.error.issues));
    return result;
  };

  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) validate(next);
    },
  });

  const handleSubmit = (onValid: (data: Out) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSubmitted(true);
    const result = validate(values);
    if (!result.success) {
      const firstInvalid = result.error.issues[0]?.path[0];
      const element = typeof firstInvalid === "string" ? form.elements.namedItem(firstInvalid) : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setValues(initialValues);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, submitting, field, handleSubmit, reset };
}
