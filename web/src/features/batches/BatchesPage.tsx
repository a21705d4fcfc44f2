import { useEffect } from "react";
import { Link } from "wouter";
import { RequestError } from "../../ui/RequestError";
import { Spinner } from "../../ui/Spinner";
import { formatDate } from "../../lib/dates";
import { isOpen, refreshBatchList, useBatchList, watch } from "./batchesStore";
import { BatchProgress } from "./BatchProgress";
import "./batches.css";

/** Every batch with its progress, live while drafts are being written (polled every 2 s). */
export default function BatchesPage() {
  const { list, listError } = useBatchList();
  const anyOpen = list?.some(isOpen) ?? false;

  useEffect(() => {
    void refreshBatchList();
  }, []);
  useEffect(() => (anyOpen ? watch(refreshBatchList) : undefined), [anyOpen]);

  return (
    <>
      <hgroup>
        <h1>Batches</h1>
        <p>Drafts written in the background from your lists of ideas.</p>
      </hgroup>
      <p>
        <Link href="/bulk" role="button">
          New batch
        </Link>
      </p>
      {listError && <RequestError message={listError} />}
      {list === null && !listError && <Spinner />}
      {list?.length === 0 && (
        <p className="empty-state">
          No batches yet. Start one in <Link href="/bulk">Bulk Drafts</Link>.
        </p>
      )}
      {list && list.length > 0 && (
        <ul className="batch-list">
          {list.map((batch) => (
            <li key={batch.id}>
              <article>
                <header>
                  <h2>
                    <Link href={`/batches/${batch.id}`}>{batch.name}</Link>
                  </h2>
                  <small>
                    Created {formatDate(batch.createdAt)}
                    {batch.reviewRequired ? " · drafts wait for your approval" : " · no review"}
                  </small>
                </header>
                <BatchProgress batch={batch} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
