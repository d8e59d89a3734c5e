import {
  BookOpen,
  History,
  Briefcase,
  ClipboardList,
  FileText,
  GraduationCap,
  Images,
  KeyRound,
  LayoutDashboard,
  Mail,
  Newspaper,
  ScrollText,
  Settings,
  ShieldCheck,
  Trash2,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { Permission } from "@agency/core/contract/roles";

/** The admin shell's navigation (SPEC §2), with each page's title. */
export interface AdminNavItem {
  /** Relative to /admin; "" is the overview. */
  path: string;
  label: string;
  title: string;
  icon: LucideIcon;
  /** What the screen needs (routes.ts): the shell hides it from a role without it, and answers its address with 'not allowed'. */
  permission: Permission;
}

export const adminNav: readonly AdminNavItem[] = [
  { path: "", label: "Overview", title: "Dashboard Overview", icon: LayoutDashboard, permission: "dashboard" },
  { path: "content", label: "Content", title: "Content Management", icon: FileText, permission: "content" },
  { path: "messages", label: "Messages", title: "Contact Messages", icon: Mail, permission: "messages" },
  { path: "registrations", label: "Registrations", title: "Course Registrations", icon: ClipboardList, permission: "registrations" },
  { path: "subscribers", label: "Subscribers", title: "Newsletter Subscribers", icon: Newspaper, permission: "messages" },
  { path: "blog", label: "Blog Posts", title: "Blog Management", icon: BookOpen, permission: "blog" },
  { path: "courses", label: "Courses", title: "Course Management", icon: GraduationCap, permission: "content" },
  { path: "service-details", label: "Service Details", title: "Service Details Management", icon: Briefcase, permission: "content" },
  { path: "policies", label: "Policies", title: "Policy Management", icon: ScrollText, permission: "content" },
  { path: "media", label: "Media", title: "Media Library", icon: Images, permission: "media" },
  { path: "users", label: "Users", title: "User Management", icon: Users, permission: "users" },
  { path: "settings", label: "Settings", title: "Settings", icon: Settings, permission: "settings" },
  { path: "trash", label: "Trash", title: "Trash", icon: Trash2, permission: "content" },
  { path: "activity", label: "Activity", title: "Activity", icon: History, permission: "audit" },
  { path: "team", label: "Team", title: "Team", icon: ShieldCheck, permission: "team" },
  { path: "account", label: "Account & security", title: "Account & security", icon: KeyRound, permission: "account" },
];
