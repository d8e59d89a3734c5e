import {
  Bot, Brain, Building2, Code, Coffee, Cpu, Database, DollarSign, Eye, Factory, Film, GraduationCap,
  Heart, Home, Scale, Search, ShoppingCart, TrendingUp, Truck, Wheat, Workflow, Zap,
  type LucideIcon, type LucideProps,
} from "lucide-react";

/**
 * `icon_name` values are lucide-react icon names (SPEC §3). Only these are bundled, so an unknown
 * name falls back to the default of its kind rather than pulling in the whole icon set.
 */
const icons: Record<string, LucideIcon> = {
  // services
  Workflow, Bot, TrendingUp, Eye, Brain, Search,
  // industries
  ShoppingCart, DollarSign, Heart, GraduationCap, Factory, Home, Scale, Truck, Zap, Coffee, Film, Wheat,
  // common extras an editor may type (the admin hints mention Zap, Code, Building)
  Code, Building: Building2, Building2, Cpu, Database,
};

export const serviceIcon = (name: string | null | undefined): LucideIcon => icons[name ?? ""] ?? Bot;
export const industryIcon = (name: string | null | undefined): LucideIcon => icons[name ?? ""] ?? Factory;

type Props = LucideProps & { name: string | null | undefined };

export function ServiceIcon({ name, ...props }: Props) {
  const Icon = serviceIcon(name);
  return <Icon aria-hidden="true" {...props} />;
}

export function IndustryIcon({ name, ...props }: Props) {
  const Icon = industryIcon(name);
  return <Icon aria-hidden="true" {...props} />;
}
