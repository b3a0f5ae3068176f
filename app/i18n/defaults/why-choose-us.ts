import type { DefaultTextGroup } from "./types";

export default {
  category: "why-choose-us",
  texts: {
    "why-choose-section-title": {
      label: "Section title",
      en: "Why Choose Us",
      fa: "چرا ما را انتخاب کنید",
      zh: "为什么选择我们",
    },
    "why-choose-section-subtitle": {
      label: "Section subtitle",
      en: "What you can expect when you work with our firm.",
      fa: "آنچه در همکاری با دفتر ما می‌توانید انتظار داشته باشید.",
      zh: "与本所合作，您可以期待以下几点。",
    },
    "why-choose-point-1-title": {
      label: "Point 1: title",
      en: "Focused Experience",
      fa: "تجربه تخصصی",
      zh: "专注的经验",
    },
    "why-choose-point-1": {
      label: "Point 1: description",
      en: "We concentrate on civil litigation, immigration, family law and professional negligence, so your matter is handled by lawyers who work in these areas every day.",
      fa: "تمرکز ما بر دعاوی مدنی، مهاجرت، حقوق خانواده و قصور حرفه‌ای است؛ بنابراین پرونده شما را وکلایی پیگیری می‌کنند که هر روز در همین حوزه‌ها کار می‌کنند.",
      zh: "我们专注于民事诉讼、移民、家事法和专业过失领域，您的案件将由每天处理此类事务的律师负责。",
    },
    "why-choose-point-2-title": {
      label: "Point 2: title",
      en: "Clear Communication",
      fa: "ارتباط شفاف",
      zh: "清晰的沟通",
    },
    "why-choose-point-2": {
      label: "Point 2: description",
      en: "We explain the law in plain language, give you honest assessments and keep you informed at every stage, so you can make decisions with confidence.",
      fa: "قانون را به زبانی ساده توضیح می‌دهیم، ارزیابی صادقانه‌ای از وضعیت شما ارائه می‌کنیم و در هر مرحله شما را در جریان می‌گذاریم تا با اطمینان تصمیم بگیرید.",
      zh: "我们用通俗易懂的语言解释法律，如实评估您的情况，并在每个阶段及时向您通报进展，让您能够放心做出决定。",
    },
    "why-choose-point-3-title": {
      label: "Point 3: title",
      en: "Strategic Advocacy",
      fa: "دفاع راهبردی",
      zh: "策略性代理",
    },
    "why-choose-point-3": {
      label: "Point 3: description",
      en: "Every case starts with a clear strategy. We prepare thoroughly, negotiate firmly and are ready to take your case before a court or tribunal when that is what it takes.",
      fa: "هر پرونده با یک راهبرد روشن آغاز می‌شود. ما با دقت آماده می‌شویم، قاطعانه مذاکره می‌کنیم و هر جا لازم باشد، آماده‌ایم پرونده شما را در دادگاه یا مرجع رسیدگی‌کننده پیش ببریم.",
      zh: "每个案件都从清晰的策略开始。我们准备周密、谈判坚定，必要时随时准备将您的案件提交法院或仲裁庭。",
    },
    "why-choose-point-4-title": {
      label: "Point 4: title",
      en: "Client-Centred Service",
      fa: "خدمات موکل‌محور",
      zh: "以客户为中心",
    },
    "why-choose-point-4": {
      label: "Point 4: description",
      en: "A free initial consultation, prompt replies and transparent fees. We treat every client with respect and keep your goals at the centre of our work.",
      fa: "جلسه مشاوره اول رایگان، پاسخ‌گویی سریع و هزینه‌های شفاف. با هر موکل محترمانه رفتار می‌کنیم و اهداف شما را در مرکز کار خود قرار می‌دهیم.",
      zh: "首次咨询免费、回复及时、收费透明。我们尊重每一位客户，始终以您的目标为工作核心。",
    },
    "why-choose-about-button": {
      label: "About Us button",
      en: "About Us",
      fa: "درباره ما",
      zh: "关于我们",
    },
  },
} satisfies DefaultTextGroup;
