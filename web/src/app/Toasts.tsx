import { lazy } from "react";
import { loadToastify } from "../lib/notify";

/** The toast area, loaded lazily (styles included) so react-toastify is not part of the first page. */
export const Toasts = lazy(async () => {
  const [{ ToastContainer }] = await Promise.all([loadToastify(), import("react-toastify/ReactToastify.css")]);
  return {
    default: function ToastArea() {
      return <ToastContainer position="top-right" autoClose={4000} limit={3} />;
    },
  };
});
