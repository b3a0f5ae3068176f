/** A value and the text a select shows for it. */
export interface Choice {
  value: string | number;
  label: string;
}

/** A select's options, one per choice, in order (the public forms' and the admin's filters). */
export function Options({ choices }: { choices: readonly Choice[] }) {
  return (
    <>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
