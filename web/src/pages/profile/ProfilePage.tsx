import { useId } from "react";
import { useUser } from "../../state/session";
import { ApiKeysForm } from "./ApiKeysForm";

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
    </>
  );
}
