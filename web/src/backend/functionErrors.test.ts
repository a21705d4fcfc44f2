import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { functionErrorMessage, readFunctionError, readFunctionErrorResponse } from "./functionErrors";

const httpError = (status: number, body: string) => new FunctionsHttpError(new Response(body, { status }));

describe("readFunctionErrorResponse", () => {
  it("gives the body text, and the object when the body is a JSON object", async () => {
    expect(await readFunctionErrorResponse(httpError(400, '{"error":"Nope","field":"name"}'))).toEqual({
      text: '{"error":"Nope","field":"name"}',
      body: { error: "Nope", field: "name" },
    });
    expect(await readFunctionErrorResponse(httpError(502, "upstream timed out"))).toEqual({
      text: "upstream timed out",
      body: null,
    });
    expect(await readFunctionErrorResponse(httpError(500, '"just a string"'))).toEqual({
      text: '"just a string"',
      body: null,
    });
  });

  it("leaves the response readable", async () => {
    const error = httpError(400, '{"error":"Nope"}');
    await readFunctionErrorResponse(error);
    expect(await readFunctionError(error)).toEqual({ error: "Nope" });
    expect(await (error.context as Response).json()).toEqual({ error: "Nope" });
  });

  it("is null when no response came back", async () => {
    expect(await readFunctionErrorResponse(new FunctionsFetchError(new Error("offline")))).toBeNull();
    expect(await readFunctionErrorResponse(new FunctionsRelayError({}))).toBeNull();
    expect(await readFunctionErrorResponse(new Error("Failed to send a request to the Edge Function"))).toBeNull();
    expect(await readFunctionErrorResponse(new FunctionsHttpError("not a response"))).toBeNull();
  });
});

describe("readFunctionError", () => {
  it.each([
    ['{"error":"Failed","step":"upload_image"}', { error: "Failed", step: "upload_image" }],
    ["<html>Bad gateway</html>", null],
    ["", null],
    ["null", null],
  ])("reads %j", async (body, expected) => {
    expect(await readFunctionError(httpError(500, body))).toEqual(expected);
  });

  it("is null for a failure without a response", async () => {
    expect(await readFunctionError(new FunctionsFetchError(new Error("offline")))).toBeNull();
  });
});

describe("functionErrorMessage", () => {
  it.each([
    ['{"error":"OpenAI API key not found"}', "OpenAI API key not found"],
    ['{"error":""}', "Fallback"],
    ['{"error":42}', "Fallback"],
    ['{"message":"Rate limited"}', "Fallback"],
    ["Gateway Timeout", "Fallback"],
  ])("reads the message from %j", async (body, message) => {
    expect(await functionErrorMessage(httpError(400, body), "Fallback")).toBe(message);
  });

  it("falls back on a network failure", async () => {
    expect(await functionErrorMessage(new FunctionsFetchError(new Error("offline")), "Fallback")).toBe("Fallback");
  });
});
