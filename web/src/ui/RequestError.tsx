import { Link } from "wouter";
import "./RequestError.css";

/** Messages that the user fixes in Profile Settings ('OpenAI API key not found', an invalid key, …). */
const ABOUT_API_KEY = /api key/i;

/** The message of a failed request, with a way to Profile Settings when the key is the problem. */
export function RequestError({ message }: { message: string }) {
  return (
    <p className="request-error">
      {message}
      {ABOUT_API_KEY.test(message) && (
        <>
          {" "}
          <Link href="/profile">Go to Profile Settings</Link>
        </>
      )}
    </p>
  );
}
