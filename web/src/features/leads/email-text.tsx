import { Fragment } from "react";

/**
 * An e-mail address that wraps after its @ and its dots when the column is narrow, never letter by
 * letter (a part wider than the column alone still breaks inside).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="block text-sm break-words text-slate-600">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
