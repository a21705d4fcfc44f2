import { StrictMode, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "./ErrorBoundary";
import { RequireAuth } from "./RequireAuth";
import { Spinner } from "../ui/Spinner";
import { Toasts } from "./Toasts";
import { lazyWithRetry } from "./lazyWithRetry";
import { onToastifyRequested, toastifyRequested } from "../lib/notify";
import { usePageTitle } from "./pageTitle";
import { useScrollRestoration } from "./scrollRestoration";
import { LoginPage } from "../features/auth";

// The sign-in screen is in the entry, so that it paints without another
// request; every other screen and the signed-in shell load lazily (and can
// be loaded again after a failure: see ErrorBoundary's Retry).
const AppShell = lazyWithRetry(() => import("./AppShell"));
const RegisterPage = lazyWithRetry(() => import("../features/auth/RegisterPage"));
const ForgotPasswordPage = lazyWithRetry(() => import("../features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazyWithRetry(() => import("../features/auth/ResetPasswordPage"));
const DashboardPage = lazyWithRetry(() => import("../features/dashboard/DashboardPage"));
const ProfilePage = lazyWithRetry(() => import("../features/profile/ProfilePage"));
const ArticlesPage = lazyWithRetry(() => import("../features/articles/ArticlesPage"));
const CreateArticlePage = lazyWithRetry(() => import("../features/editor/create/CreateArticlePage"));
const EditArticlePage = lazyWithRetry(() => import("../features/editor/edit/EditArticlePage"));
const CalendarPage = lazyWithRetry(() => import("../features/calendar/CalendarPage"));
const WordPressSitesPage = lazyWithRetry(() => import("../features/sites/SitesPage"));
const GenerateImagesPage = lazyWithRetry(() => import("../features/images/GenerateImagesPage"));
const KeywordPhrasesPage = lazyWithRetry(() => import("../features/research/keywords/KeywordPhrasesPage"));
const SeoAnalysisPage = lazyWithRetry(() => import("../features/research/seo/SeoAnalysisPage"));
const AssistantsPage = lazyWithRetry(() => import("../features/assistants/AssistantsPage"));
const AssistantFormPage = lazyWithRetry(() => import("../features/assistants/AssistantFormPage"));
const TemplatesPage = lazyWithRetry(() => import("../features/templates/TemplatesPage"));
const TemplateFormPage = lazyWithRetry(() => import("../features/templates/TemplateFormPage"));
const BulkPage = lazyWithRetry(() => import("../features/batches/BulkPage"));
const BatchesPage = lazyWithRetry(() => import("../features/batches/BatchesPage"));
const BatchPage = lazyWithRetry(() => import("../features/batches/BatchPage"));
const NotFoundPage = lazyWithRetry(() => import("./NotFoundPage"));

/** A screen anyone may see, titled "{title} · Inkpress". */
function Public({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

/**
 * A screen for signed-in users inside the navigation shell, titled
 * "{title} · Inkpress". A screen that fails (its code could not be loaded,
 * or it threw) shows its error in the page area, with the menu still there.
 */
function SignedIn({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const [path] = useLocation();
  return (
    <RequireAuth>
      <AppShell>
        <ErrorBoundary scope="page" resetKey={path}>
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </ErrorBoundary>
      </AppShell>
    </RequireAuth>
  );
}

/** The toast area, mounted with the first toast (which waits for it), so no page loads it before then. */
function ToastsOnDemand() {
  const requested = useSyncExternalStore(onToastifyRequested, toastifyRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * The whole app as main.tsx renders it, and as the build renders the sign-in
 * snapshot that the app later hydrates (signInSnapshot.tsx): one tree, so the
 * two agree on every element and id.
 */
export function Root() {
  return (
    <StrictMode>
      <App />
    </StrictMode>
  );
}

export function App() {
  useScrollRestoration();
  return (
    <>
      <ErrorBoundary>
        <Suspense fallback={<Spinner />}>
          <Switch>
            <Route path="/login">
              <Public title="Sign in">
                <LoginPage />
              </Public>
            </Route>
            <Route path="/register">
              <Public title="Create account">
                <RegisterPage />
              </Public>
            </Route>
            <Route path="/forgot-password">
              <Public title="Reset password">
                <ForgotPasswordPage />
              </Public>
            </Route>
            <Route path="/reset-password">
              <Public title="Set a new password">
                <ResetPasswordPage />
              </Public>
            </Route>
            <Route path="/">
              <SignedIn title="Dashboard">
                <DashboardPage />
              </SignedIn>
            </Route>
            <Route path="/profile">
              <SignedIn title="Profile">
                <ProfilePage />
              </SignedIn>
            </Route>
            <Route path="/articles">
              <SignedIn title="Articles">
                <ArticlesPage />
              </SignedIn>
            </Route>
            <Route path="/articles/create">
              <SignedIn title="Create New Post">
                <CreateArticlePage />
              </SignedIn>
            </Route>
            <Route path="/articles/edit/:id">
              <SignedIn title="Edit Article">
                <EditArticlePage />
              </SignedIn>
            </Route>
            <Route path="/calendar">
              <SignedIn title="Calendar">
                <CalendarPage />
              </SignedIn>
            </Route>
            <Route path="/bulk">
              <SignedIn title="Bulk Drafts">
                <BulkPage />
              </SignedIn>
            </Route>
            <Route path="/batches">
              <SignedIn title="Batches">
                <BatchesPage />
              </SignedIn>
            </Route>
            <Route path="/batches/:id">
              <SignedIn title="Batch">
                <BatchPage />
              </SignedIn>
            </Route>
            <Route path="/wordpress-sites">
              <SignedIn title="WordPress Sites">
                <WordPressSitesPage />
              </SignedIn>
            </Route>
            <Route path="/generate-images">
              <SignedIn title="Generate Images">
                <GenerateImagesPage />
              </SignedIn>
            </Route>
            <Route path="/keyword-phrases">
              <SignedIn title="Keyword Phrases">
                <KeywordPhrasesPage />
              </SignedIn>
            </Route>
            <Route path="/seo-analysis">
              <SignedIn title="SEO Analysis">
                <SeoAnalysisPage />
              </SignedIn>
            </Route>
            <Route path="/assistants">
              <SignedIn title="Assistants">
                <AssistantsPage />
              </SignedIn>
            </Route>
            <Route path="/assistants/new">
              <SignedIn title="New Assistant">
                <AssistantFormPage />
              </SignedIn>
            </Route>
            <Route path="/assistants/:id">
              <SignedIn title="Edit Assistant">
                <AssistantFormPage />
              </SignedIn>
            </Route>
            <Route path="/templates">
              <SignedIn title="Templates">
                <TemplatesPage />
              </SignedIn>
            </Route>
            <Route path="/templates/new">
              <SignedIn title="New Template">
                <TemplateFormPage />
              </SignedIn>
            </Route>
            <Route path="/templates/:id">
              <SignedIn title="Edit Template">
                <TemplateFormPage />
              </SignedIn>
            </Route>
            <Route>
              <Public title="Page not found">
                <NotFoundPage />
              </Public>
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
      <ToastsOnDemand />
    </>
  );
}
