import { useEffect, useId } from "react";
import { Link } from "wouter";
import { useUser } from "../auth/index";
import { AiModelsForm } from "./AiModelsForm";
import { AiProviderForm } from "./AiProviderForm";
import { ApiKeysForm } from "./ApiKeysForm";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { PersonalDetailsForm } from "./PersonalDetailsForm";
import { LinkRelevanceForm } from "../links/index";
import { SeoSettingsForm } from "../seo/index";
import { KeywordDataProviderForm } from "../research/index";
import "./profile.css";

export default function ProfilePage() {
  const user = useUser();
  const emailId = useId();
  // Messages elsewhere link to a section ("Profile Settings → AI models").
  useEffect(() => {
    const target = globalThis.location?.hash ? document.getElementById(globalThis.location.hash.slice(1)) : null;
    target?.scrollIntoView?.();
  }, []);
  return (
    <>
      <h1>Profile Settings</h1>
      <article>
        <h2>Account</h2>
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} type="email" value={user?.email ?? ""} readOnly />
      </article>
      {user && <PersonalDetailsForm userId={user.id} />}
      {user?.email && <ChangePasswordForm email={user.email} />}
      <AiProviderForm />
      <ApiKeysForm />
      <AiModelsForm />
      <LinkRelevanceForm />
      <KeywordDataProviderForm />
      <SeoSettingsForm />
      <article>
        <h2>Writing assistants</h2>
        <p>
          The assistants offered when you draft an article with AI: their instructions and model.{" "}
          <Link href="/assistants">Manage assistants</Link>
        </p>
      </article>
    </>
  );
}
