import {
  Bot,
  Brain,
  Coffee,
  DollarSign,
  Eye,
  Factory,
  Film,
  GraduationCap,
  Heart,
  Home,
  Scale,
  Search,
  ShoppingCart,
  TrendingUp,
  Truck,
  Wheat,
  Workflow,
  Zap,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";
import type { IndustryIconName, ServiceIconName } from "@agency/core/contract/catalog-values";

/**
 * `icon_name` values are lucide-react icon names from SPEC §3's lists (the server accepts no
 * others). Only these are bundled; any other stored name falls back to the default of its kind.
 */
const serviceIcons: Record<ServiceIconName, LucideIcon> = { Workflow, Bot, TrendingUp, Eye, Brain, Search };
const industryIcons: Record<IndustryIconName, LucideIcon> = {
  ShoppingCart,
  DollarSign,
  Heart,
  GraduationCap,
  Factory,
  Home,
  Scale,
  Truck,
  Zap,
  Coffee,
  Film,
  Wheat,
};

// Own keys only: a stored name such as "constructor" must not find Object.prototype's members.
export const serviceIcon = (name: string | null | undefined): LucideIcon => (name && Object.hasOwn(serviceIcons, name) ? serviceIcons[name as ServiceIconName] : Bot);
export const industryIcon = (name: string | null | undefined): LucideIcon => (name && Object.hasOwn(industryIcons, name) ? industryIcons[name as IndustryIconName] : Factory);

type Props = LucideProps & { name: string | null | undefined };

export function ServiceIcon({ name, ...props }: Props) {
  const Icon = serviceIcon(name);
  return <Icon aria-hidden="true" {...props} />;
}

export function IndustryIcon({ name, ...props }: Props) {
  const Icon = industryIcon(name);
  return <Icon aria-hidden="true" {...props} />;
}
