import { BookOpen, FileQuestion, Flag, FolderCog, Map as MapIcon, Shapes, Sparkles, Sword, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

/** One lucide icon per document kind (explorer groups and inspector links); `other` for the rest. */
const ICONS: Record<string, LucideIcon> = {
  workspace: FolderCog,
  crew: Users,
  crewType: Shapes,
  abilities: Sparkles,
  ability: Sparkles,
  equipment: Sword,
  scenario: MapIcon,
  ruleset: BookOpen,
  campaign: Flag,
  other: FileQuestion,
};

/** The icon of a document kind, decorative (hidden from assistive technology: the text names the kind). */
export function KindIcon({ kind, size = 14 }: { kind: string; size?: number }) {
  const Icon = ICONS[kind] ?? FileQuestion;
  return <Icon className="kind-icon" size={size} aria-hidden="true" data-kind={kind} />;
}
