import type { DefaultTextGroup } from "./types";

export default {
  category: "virtual-consultation",
  texts: {
    "virtual-consultation-page-title": {
      label: "Browser title",
      en: "Book a Free Consultation",
      fa: "رزرو مشاوره رایگان",
      zh: "预约免费咨询",
    },
    "virtual-consultation-meta-description": {
      label: "Meta description",
      en: "Book a free, confidential 30-minute consultation with an experienced Vancouver lawyer in civil litigation, immigration, family law or professional negligence.",
      fa: "یک جلسه مشاوره رایگان و محرمانه ۳۰ دقیقه‌ای با وکیلی باتجربه در ونکوور رزرو کنید؛ در زمینه دعاوی مدنی، مهاجرت، حقوق خانواده یا قصور حرفه‌ای.",
      zh: "预约与温哥华资深律师进行 30 分钟免费、保密的咨询，涵盖民事诉讼、移民、家事法及专业过失。",
    },
    "virtual-consultation-breadcrumb": {
      label: "Breadcrumb: Book a Consultation",
      en: "Book a Consultation",
      fa: "رزرو مشاوره",
      zh: "预约咨询",
    },
    "virtual-consultation-title": {
      label: "Page title",
      en: "Book Your Free Consultation",
      fa: "مشاوره رایگان خود را رزرو کنید",
      zh: "预约您的免费咨询",
    },
    "virtual-consultation-subtitle": {
      label: "Page subtitle",
      en: "Choose a convenient time for a free, confidential 30-minute consultation with one of our lawyers, in person, by phone or by video.",
      fa: "زمانی مناسب برای یک جلسه مشاوره رایگان و محرمانه ۳۰ دقیقه‌ای با یکی از وکلای ما انتخاب کنید؛ حضوری، تلفنی یا تصویری.",
      zh: "选择方便的时间，与我们的律师进行 30 分钟免费、保密的咨询，可面谈、电话或视频进行。",
    },
    "virtual-consultation-button": {
      label: "Open Booking System button",
      en: "Open Booking System",
      fa: "باز کردن سامانه رزرو",
      zh: "打开预约系统",
    },
    "virtual-consultation-button-note": {
      label: "Note under the booking button",
      en: "The booking system opens in a new window.",
      fa: "سامانه رزرو در پنجره‌ای جدید باز می‌شود.",
      zh: "预约系统将在新窗口中打开。",
    },
    "virtual-consultation-expect-title": {
      label: "What to Expect: title",
      en: "What to Expect",
      fa: "چه انتظاری داشته باشید",
      zh: "咨询须知",
    },
    "virtual-consultation-expect-1-value": {
      label: "Expect item 1: value",
      en: "30 Minutes",
      fa: "۳۰ دقیقه",
      zh: "30 分钟",
    },
    "virtual-consultation-expect-1-text": {
      label: "Expect item 1: text",
      en: "Complimentary consultation to review your situation and options",
      fa: "جلسه مشاوره رایگان برای بررسی وضعیت و گزینه‌های شما",
      zh: "免费咨询，梳理您的情况和可选方案",
    },
    "virtual-consultation-expect-2-value": {
      label: "Expect item 2: value",
      en: "1:1",
      fa: "یک‌به‌یک",
      zh: "一对一",
    },
    "virtual-consultation-expect-2-text": {
      label: "Expect item 2: text",
      en: "Direct access to an experienced lawyer",
      fa: "گفت‌وگوی مستقیم با وکیلی باتجربه",
      zh: "直接与资深律师沟通",
    },
    "virtual-consultation-expect-3-value": {
      label: "Expect item 3: value",
      en: "100%",
      fa: "۱۰۰٪",
      zh: "100%",
    },
    "virtual-consultation-expect-3-text": {
      label: "Expect item 3: text",
      en: "Confidential and protected by solicitor-client privilege",
      fa: "محرمانه و تحت حمایت اصل رازداری میان وکیل و موکل",
      zh: "严格保密，受律师与客户保密特权保护",
    },
  },
} satisfies DefaultTextGroup;
