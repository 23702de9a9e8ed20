// The pages of one section side by side (support's four pages, the five about pages), the current one
// marked: a way between sibling pages without going back to a menu.
import { NavLink } from "react-router";

export function SectionNav({ label, links }: { label: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="mb-8 overflow-x-auto">
      <ul className="flex gap-2 whitespace-nowrap">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className="inline-block rounded-full px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:ring-brand-700"
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
