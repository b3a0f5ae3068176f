const TONES = {
  neutral: "bg-slate-100 text-slate-800",
  success: "bg-green-100 text-green-900",
  warning: "bg-amber-100 text-amber-900",
  danger: "bg-red-100 text-red-900",
  info: "bg-brand-100 text-brand-800",
} as const;

export function Badge({ tone = "neutral", className = "", ...props }: React.HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONES }) {
  return <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`} {...props} />;
}

/** A badge whose words say it all and whose icon only repeats them (hidden from screen readers). */
export function IconBadge({ tone, label, Icon }: { tone: keyof typeof TONES; label: string; Icon: React.ComponentType<{ className?: string; "aria-hidden"?: "true" }> }) {
  return (
    <Badge tone={tone}>
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </Badge>
  );
}
