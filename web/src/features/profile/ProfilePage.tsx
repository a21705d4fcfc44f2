import { useId } from "react";
import { Link } from "wouter";
import { useUser } from "../auth/index";
import { ApiKeysForm } from "./ApiKeysForm";
import { LinkRelevanceForm } from "../links/index";
import { SeoSettingsForm } from "../seo/index";
import { KeywordDataProviderForm } from "../research/index";

export default function ProfilePage() {
  const user = useUser();
  const emailId = useId();
  return (
    <>
      <h1>Profile Settings</h1>
      <article>
        <h2>Account</h2>
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} type="email" value={user?.email ?? ""} readOnly />
      </article>
      <ApiKeysForm />
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
