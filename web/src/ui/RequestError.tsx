import { Link } from "wouter";
import "./RequestError.css";

/** Messages that the user fixes in Profile Settings ('OpenAI API key not found', …) when no place was named. */
const ABOUT_API_KEY = /api key/i;

type RequestErrorProps = {
  message: string;
  /** Where the user fixes it, as the server named it ("Profile Settings → AI models"). */
  fix?: { href: string; label: string };
  /** Shows a Dismiss button; the message stays until it is pressed. */
  onDismiss?: () => void;
  /** Shows a Try again button that runs the failed request again. */
  onRetry?: () => void;
};

/**
 * The message of a failed request, shown where the work happened (an alert:
 * announced when it appears), with a
 * link to where it is fixed, until it is dismissed (or the next attempt).
 */
export function RequestError({ message, fix, onDismiss, onRetry }: RequestErrorProps) {
  const place = fix ?? (ABOUT_API_KEY.test(message) ? { href: "/profile", label: "Profile Settings" } : undefined);
  return (
    <div className="request-error" role="alert">
      <p>
        {message}
        {place && (
          <>
            {" "}
            <Link href={place.href}>Go to {place.label}</Link>
          </>
        )}
      </p>
      {(onRetry || onDismiss) && (
        <div className="request-error-actions">
          {onRetry && (
            <button type="button" className="request-error-action" onClick={onRetry}>
              Try again
            </button>
          )}
          {onDismiss && (
            <button type="button" className="secondary outline request-error-action" onClick={onDismiss}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}
