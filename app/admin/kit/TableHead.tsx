/** The head row of an admin table: its column names, then a last column for the row's actions (named for screen readers). */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="bg-slate-50 text-slate-700">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-4 py-2 text-start font-semibold">
            {column}
          </th>
        ))}
        <th scope="col" className="px-4 py-2 text-end font-semibold">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
