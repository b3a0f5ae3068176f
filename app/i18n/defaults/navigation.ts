import type { DefaultTextGroup } from "./types";

export default {
  category: "navigation",
  texts: {
    "nav-home": {
      label: "Nav link: Home",
      en: "Home",
      fa: "خانه",
      zh: "首页",
    },
    "nav-practice-areas": {
      label: "Nav link: Practice Areas",
      en: "Practice Areas",
      fa: "حوزه‌های تخصصی",
      zh: "业务领域",
    },
    "nav-team": {
      label: "Nav link: Team",
      en: "Team",
      fa: "تیم ما",
      zh: "团队",
    },
    "nav-about": {
      label: "Nav link: About",
      en: "About",
      fa: "درباره ما",
      zh: "关于我们",
    },
    "nav-blog": {
      label: "Nav link: Blog",
      en: "Blog",
      fa: "وبلاگ",
      zh: "博客",
    },
    "nav-contact": {
      label: "Nav link: Contact",
      en: "Contact",
      fa: "تماس با ما",
      zh: "联系我们",
    },
    "nav-video-consultation": {
      label: "Video Consultation button (red)",
      en: "Video Consultation",
      fa: "مشاوره تصویری",
      zh: "视频咨询",
    },
    "nav-consultation": {
      label: "Consultation button (primary)",
      en: "Consultation",
      fa: "رزرو مشاوره",
      zh: "预约咨询",
    },
    "nav-main-label": {
      label: "Main navigation (screen-reader label)",
      en: "Main navigation",
      fa: "منوی اصلی سایت",
      zh: "主导航",
    },
    "nav-home-link-label": {
      label: "Logo link to home page (read by screen readers after the firm name)",
      en: "home page",
      fa: "صفحه اصلی",
      zh: "首页",
    },
    "nav-language-label": {
      label: "Language dropdown label",
      en: "Language",
      fa: "زبان",
      zh: "语言",
    },
    "nav-language-menu-label": {
      label: "Language dropdown (screen-reader label)",
      en: "Choose a language",
      fa: "انتخاب زبان",
      zh: "选择语言",
    },
    "nav-language-en": {
      label: "Language name: English (shown in its own language)",
      en: "English",
      fa: "English",
      zh: "English",
    },
    "nav-language-fa": {
      label: "Language name: Farsi (shown in its own language)",
      en: "فارسی",
      fa: "فارسی",
      zh: "فارسی",
    },
    "nav-language-zh": {
      label: "Language name: Chinese (shown in its own language)",
      en: "中文",
      fa: "中文",
      zh: "中文",
    },
    "nav-menu-open": {
      label: "Mobile menu: open (screen-reader label)",
      en: "Open menu",
      fa: "باز کردن منو",
      zh: "打开菜单",
    },
    "nav-menu-close": {
      label: "Mobile menu: close (screen-reader label)",
      en: "Close menu",
      fa: "بستن منو",
      zh: "关闭菜单",
    },
    "nav-skip-to-content": {
      label: "Skip link",
      en: "Skip to main content",
      fa: "رفتن به محتوای اصلی",
      zh: "跳至主要内容",
    },
    "nav-chat-button-label": {
      label: "Floating chat button (screen-reader label)",
      en: "Chat with us on WhatsApp",
      fa: "گفت‌وگو با ما در واتس‌اپ",
      zh: "通过 WhatsApp 与我们聊天",
    },
    "chat-prefill-message": {
      label: "Chat button: pre-filled message",
      en: "Hello, I would like to inquire about your legal services.",
      fa: "سلام، می‌خواستم درباره خدمات حقوقی شما پرس‌وجو کنم.",
      zh: "您好，我想咨询贵所的法律服务。",
    },
  },
} satisfies DefaultTextGroup;
