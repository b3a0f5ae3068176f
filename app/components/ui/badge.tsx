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
