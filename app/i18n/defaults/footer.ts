import type { DefaultTextGroup } from "./types";

export default {
  category: "footer",
  texts: {
    "footer-about-title": {
      label: "About title",
      en: "About Our Firm",
      fa: "درباره دفتر ما",
      zh: "关于本所",
    },
    "footer-about-description": {
      label: "About text",
      en: "A downtown Vancouver law firm helping individuals, families and businesses with civil litigation, immigration, family law and professional negligence, including immigration malpractice. Clear advice, careful preparation and steady advocacy from the first consultation to the final resolution.",
      fa: "دفتری حقوقی در مرکز شهر ونکوور که به افراد، خانواده‌ها و کسب‌وکارها در دعاوی مدنی، امور مهاجرت، حقوق خانواده و قصور حرفه‌ای، از جمله قصور در امور مهاجرتی، کمک می‌کند. از نخستین جلسه مشاوره تا حل نهایی پرونده، در کنار شما هستیم: با مشاوره‌ای روشن، آماده‌سازی دقیق و دفاعی پیگیر.",
      zh: "本所位于温哥华市中心，为个人、家庭和企业提供民事诉讼、移民、家事法以及专业过失（包括移民代理过失）方面的法律服务。从首次咨询到案件最终解决，我们始终提供清晰的建议、周密的准备和坚定的代理。",
    },
    "footer-address": {
      label: "Office address",
      en: "Suite 200, 000 Example Street, Vancouver, BC V6B 1A1",
      fa: "Suite 200, 000 Example Street, Vancouver, BC V6B 1A1",
      zh: "Suite 200, 000 Example Street, Vancouver, BC V6B 1A1",
    },
    "footer-phone": {
      label: "Phone number",
      en: "+1 (604) 555-0100",
      fa: "+1 (604) 555-0100",
      zh: "+1 (604) 555-0100",
    },
    "footer-email": {
      label: "Email address",
      en: "info@example.com",
      fa: "info@example.com",
      zh: "info@example.com",
    },
    "footer-linkedin": {
      label: "LinkedIn profile URL",
      en: "https://www.linkedin.com/",
      fa: "https://www.linkedin.com/",
      zh: "https://www.linkedin.com/",
    },
    "footer-linkedin-label": {
      label: "LinkedIn link text",
      en: "Follow us on LinkedIn",
      fa: "ما را در لینکدین دنبال کنید",
      zh: "在领英（LinkedIn）上关注我们",
    },
    "footer-copyright": {
      label: "Copyright line ({year} and {firm} are filled in automatically)",
      en: "© {year} {firm}. All rights reserved.",
      fa: "© {year} {firm}. تمامی حقوق محفوظ است.",
      zh: "© {year} {firm}。保留所有权利。",
    },
    "footer-quick-links-title": {
      label: "Heading: Quick links",
      en: "Quick Links",
      fa: "دسترسی سریع",
      zh: "快速链接",
    },
    "footer-practice-areas-title": {
      label: "Heading: Practice areas",
      en: "Practice Areas",
      fa: "حوزه‌های تخصصی",
      zh: "业务领域",
    },
    "footer-contact-title": {
      label: "Heading: Contact",
      en: "Contact Us",
      fa: "اطلاعات تماس",
      zh: "联系方式",
    },
    "footer-link-civil-litigation": {
      label: "Practice link: Civil Litigation",
      en: "Civil Litigation",
      fa: "دعاوی مدنی",
      zh: "民事诉讼",
    },
    "footer-link-immigration": {
      label: "Practice link: Immigration Law",
      en: "Immigration Law",
      fa: "حقوق مهاجرت",
      zh: "移民法",
    },
    "footer-link-family": {
      label: "Practice link: Family Law",
      en: "Family Law",
      fa: "حقوق خانواده",
      zh: "家事法",
    },
    "footer-link-professional-negligence": {
      label: "Practice link: Professional Negligence",
      en: "Professional Negligence",
      fa: "قصور حرفه‌ای",
      zh: "专业过失",
    },
    "footer-address-label": {
      label: "Address (screen-reader label)",
      en: "Address",
      fa: "نشانی",
      zh: "地址",
    },
    "footer-phone-label": {
      label: "Phone (screen-reader label)",
      en: "Phone",
      fa: "تلفن",
      zh: "电话",
    },
    "footer-email-label": {
      label: "Email (screen-reader label)",
      en: "Email",
      fa: "ایمیل",
      zh: "电子邮件",
    },
    "footer-privacy-policy": {
      label: "Link: Privacy Policy",
      en: "Privacy Policy",
      fa: "سیاست حفظ حریم خصوصی",
      zh: "隐私政策",
    },
    "footer-site-map": {
      label: "Link: Site Map",
      en: "Site Map",
      fa: "نقشه سایت",
      zh: "网站地图",
    },
    "footer-legal-notice": {
      label: "Legal notice under the copyright",
      en: "The information on this website is general information only and is not legal advice. Contacting us does not create a lawyer-client relationship.",
      fa: "مطالب این وب‌سایت صرفاً جنبه اطلاع‌رسانی عمومی دارد و مشاوره حقوقی به شمار نمی‌رود. تماس با ما به‌خودی‌خود رابطه وکیل و موکل ایجاد نمی‌کند.",
      zh: "本网站内容仅为一般性信息，不构成法律意见。与我们联系并不因此建立律师与客户关系。",
    },
  },
} satisfies DefaultTextGroup;
