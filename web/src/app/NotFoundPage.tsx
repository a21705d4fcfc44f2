import { Link } from "wouter";

export default function NotFoundPage() {
  return (
    <main className="container not-found">
      <h1>Page not found</h1>
      <p>The page you're looking for doesn't exist.</p>
      <Link href="/">Go to the dashboard</Link>
    </main>
  );
}
