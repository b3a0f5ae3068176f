import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown } from "lucide-react";
import { memo } from "react";
import { categoryName, type CategoryGroup } from "~/admin/content/categories";

export interface CategoryStats {
  total: number;
  complete: number;
  partial: number;
}

const EMPTY: CategoryStats = { total: 0, complete: 0, partial: 0 };

interface CategoryNavProps {
  groups: CategoryGroup[];
  stats: ReadonlyMap<string, CategoryStats>;
  total: number;
  selected: string | null;
  onSelect: (category: string | null) => void;
}

const sum = (items: CategoryStats[]): CategoryStats =>
  items.reduce((a, b) => ({ total: a.total + b.total, complete: a.complete + b.complete, partial: a.partial + b.partial }), EMPTY);

function Counts({ stats }: { stats: CategoryStats }) {
  return (
    <span className="block text-xs font-normal text-slate-600">
      {stats.complete} complete, {stats.partial} partial
    </span>
  );
}

const itemClass = (active: boolean) =>
  `flex w-full items-start justify-between gap-2 rounded-md px-3 py-2 text-start text-sm ${
    active ? "bg-brand-700 text-white [&_span]:text-brand-50" : "text-slate-800 hover:bg-slate-100"
  }`;

/** The tab's left navigation: groups of categories (collapsible), each with its counts. */
export const CategoryNav = memo(function CategoryNav({ groups, stats, total, selected, onSelect }: CategoryNavProps) {
  return (
    <nav aria-label="Content categories" className="flex flex-col gap-3">
      <button type="button" aria-pressed={selected === null} onClick={() => onSelect(null)} className={`${itemClass(selected === null)} font-semibold`}>
        All Content ({total})
      </button>
      {groups.map((group) => {
        const groupStats = sum(group.categories.map((c) => stats.get(c) ?? EMPTY));
        return (
          <Collapsible.Root key={group.id} defaultOpen={group.defaultOpen} className="rounded-md border border-slate-200 bg-white">
            <h3>
              <Collapsible.Trigger className="group flex w-full items-start gap-2 rounded-md px-3 py-2 text-start text-sm font-semibold text-slate-900 hover:bg-slate-50">
                <ChevronDown
                  className="mt-0.5 size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90 rtl:group-data-[state=closed]:rotate-90"
                  aria-hidden="true"
                />
                <span className="flex-1">
                  {group.title} ({groupStats.total}){" "}
                  <Counts stats={groupStats} />
                </span>
              </Collapsible.Trigger>
            </h3>
            <Collapsible.Content>
              <ul className="flex flex-col gap-0.5 px-1 pb-2">
                {group.categories.map((category) => {
                  const categoryStats = stats.get(category) ?? EMPTY;
                  return (
                    <li key={category}>
                      <button type="button" aria-pressed={selected === category} onClick={() => onSelect(category)} className={itemClass(selected === category)}>
                        <span className="flex-1">
                          {categoryName(category)}{" "}
                          <Counts stats={categoryStats} />
                        </span>{" "}
                        <span className="shrink-0 font-semibold">
                          {categoryStats.total}
                          <span className="sr-only"> entries</span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </Collapsible.Content>
          </Collapsible.Root>
        );
      })}
    </nav>
  );
});
