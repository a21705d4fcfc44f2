import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { Route, Switch } from "wouter";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { RequireAuth } from "./components/RequireAuth";
import { Spinner } from "./components/Spinner";
import { Toasts } from "./components/Toasts";
import { onToastifyRequested, toastifyRequested } from "./lib/notify";
import LoginPage from "./pages/login/LoginPage";

// The sign-in screen is in the entry, so that it paints without another
// request; every other screen and the signed-in shell load lazily.
const AppShell = lazy(() => import("./components/AppShell"));
const RegisterPage = lazy(() => import("./pages/register/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("./pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./pages/reset-password/ResetPasswordPage"));
const DashboardPage = lazy(() => import("./pages/dashboard/DashboardPage"));
const ProfilePage = lazy(() => import("./pages/profile/ProfilePage"));
const ArticlesPage = lazy(() => import("./pages/articles/ArticlesPage"));
const CreateArticlePage = lazy(() => import("./pages/create-article/CreateArticlePage"));
const EditArticlePage = lazy(() => import("./pages/edit-article/EditArticlePage"));
const WordPressSitesPage = lazy(() => import("./pages/wordpress-sites/WordPressSitesPage"));
const GenerateImagesPage = lazy(() => import("./pages/generate-images/GenerateImagesPage"));
const KeywordPhrasesPage = lazy(() => import("./pages/keyword-phrases/KeywordPhrasesPage"));
const SeoAnalysisPage = lazy(() => import("./pages/seo-analysis/SeoAnalysisPage"));
const AssistantsPage = lazy(() => import("./pages/assistants/AssistantsPage"));
const AssistantFormPage = lazy(() => import("./pages/assistants/AssistantFormPage"));
const BulkPage = lazy(() => import("./pages/bulk/BulkPage"));
const BatchesPage = lazy(() => import("./pages/batches/BatchesPage"));
const BatchPage = lazy(() => import("./pages/batches/BatchPage"));
const NotFoundPage = lazy(() => import("./pages/not-found/NotFoundPage"));

/** A screen for signed-in users, inside the navigation shell. */
function SignedIn({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AppShell>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
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

export function App() {
  return (
    <>
      <ErrorBoundary>
        <Suspense fallback={<Spinner />}>
          <Switch>
            <Route path="/login" component={LoginPage} />
            <Route path="/register" component={RegisterPage} />
            <Route path="/forgot-password" component={ForgotPasswordPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/">
              <SignedIn>
                <DashboardPage />
              </SignedIn>
            </Route>
            <Route path="/profile">
              <SignedIn>
                <ProfilePage />
              </SignedIn>
            </Route>
            <Route path="/articles">
              <SignedIn>
                <ArticlesPage />
              </SignedIn>
            </Route>
            <Route path="/articles/create">
              <SignedIn>
                <CreateArticlePage />
              </SignedIn>
            </Route>
            <Route path="/articles/edit/:id">
              <SignedIn>
                <EditArticlePage />
              </SignedIn>
            </Route>
            <Route path="/bulk">
              <SignedIn>
                <BulkPage />
              </SignedIn>
            </Route>
            <Route path="/batches">
              <SignedIn>
                <BatchesPage />
              </SignedIn>
            </Route>
            <Route path="/batches/:id">
              <SignedIn>
                <BatchPage />
              </SignedIn>
            </Route>
            <Route path="/wordpress-sites">
              <SignedIn>
                <WordPressSitesPage />
              </SignedIn>
            </Route>
            <Route path="/generate-images">
              <SignedIn>
                <GenerateImagesPage />
              </SignedIn>
            </Route>
            <Route path="/keyword-phrases">
              <SignedIn>
                <KeywordPhrasesPage />
              </SignedIn>
            </Route>
            <Route path="/seo-analysis">
              <SignedIn>
                <SeoAnalysisPage />
              </SignedIn>
            </Route>
            <Route path="/assistants">
              <SignedIn>
                <AssistantsPage />
              </SignedIn>
            </Route>
            <Route path="/assistants/new">
              <SignedIn>
                <AssistantFormPage />
              </SignedIn>
            </Route>
            <Route path="/assistants/:id">
              <SignedIn>
                <AssistantFormPage />
              </SignedIn>
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
      <ToastsOnDemand />
    </>
  );
}
