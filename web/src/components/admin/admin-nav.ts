import { BookOpen, History, Briefcase, ClipboardList, FileText, GraduationCap, Images, LayoutDashboard, Mail, ScrollText, Settings, ShieldCheck, Users, type LucideIcon } from "lucide-react";

/** The admin shell's navigation (SPEC §2), with each page's title. */
export interface AdminNavItem {
  /** Relative to /admin; "" is the overview. */
  path: string;
  label: string;
  title: string;
  icon: LucideIcon;
}

export const adminNav: readonly AdminNavItem[] = [
  { path: "", label: "Overview", title: "Dashboard Overview", icon: LayoutDashboard },
  { path: "content", label: "Content", title: "Content Management", icon: FileText },
  { path: "messages", label: "Messages", title: "Contact Messages", icon: Mail },
  { path: "registrations", label: "Registrations", title: "Course Registrations", icon: ClipboardList },
  { path: "blog", label: "Blog Posts", title: "Blog Management", icon: BookOpen },
  { path: "courses", label: "Courses", title: "Course Management", icon: GraduationCap },
  { path: "service-details", label: "Service Details", title: "Service Details Management", icon: Briefcase },
  { path: "policies", label: "Policies", title: "Policy Management", icon: ScrollText },
  { path: "media", label: "Media", title: "Media Library", icon: Images },
  { path: "users", label: "Users", title: "User Management", icon: Users },
  { path: "settings", label: "Settings", title: "Settings", icon: Settings },
  { path: "activity", label: "Activity", title: "Activity", icon: History },
  { path: "account", label: "Account & security", title: "Account & security", icon: ShieldCheck },
];
