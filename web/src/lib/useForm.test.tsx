import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { useForm } from "./useForm";

const schema = z.object({ email: z.string().check(z.email("Please enter a valid email address")) });

type EmailFormProps = {
  source: typeof schema | (() => Promise<typeof schema>);
  onValid: (data: { email: string }) => Promise<void>;
};

function EmailForm({ source, onValid }: EmailFormProps) {
  const form = useForm(source, { email: "" });
  const field = form.field("email");
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <label htmlFor="email">Email</label>
      <input id="email" name={field.name} value={field.value} onChange={field.onChange} aria-invalid={!!field.error} />
      {field.error && <small>{field.error}</small>}
      <button type="submit">Send</button>
    </form>
  );
}

describe("useForm with a schema loader", () => {
  it("loads the schema at the visitor's first interaction, not while rendering or idle", async () => {
    const load = vi.fn(async () => schema);
    const user = userEvent.setup();
    render(<EmailForm source={load} onValid={vi.fn()} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "ada");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits for a schema that has not arrived when the form is submitted, then validates with it", async () => {
    let arrive: (value: typeof schema) => void = () => {};
    const arriving = new Promise<typeof schema>((resolve) => (arrive = resolve));
    const load = vi.fn(() => arriving);
    const onValid = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<EmailForm source={load} onValid={onValid} />);
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();

    arrive(schema);
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: "ada@example.com" }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("takes one submission at a time, from the first press on, while the schema loads too", async () => {
    let arrive: (value: typeof schema) => void = () => {};
    const arriving = new Promise<typeof schema>((resolve) => (arrive = resolve));
    let finish: () => void = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<EmailForm source={() => arriving} onValid={onValid} />);
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    const send = screen.getByRole("button", { name: "Send" });
    await user.click(send);
    await user.click(send);
    arrive(schema);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    await user.click(send);
    expect(onValid).toHaveBeenCalledTimes(1);

    finish();
    await user.click(send);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
  });

  it("validates at once with a schema given directly", async () => {
    const user = userEvent.setup();
    render(<EmailForm source={schema} onValid={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
  });
});
