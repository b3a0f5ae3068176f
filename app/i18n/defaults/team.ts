import type { DefaultTextGroup } from "./types";

export default {
  category: "team",
  texts: {
    "team-page-title": {
      label: "Browser title",
      en: "Our Team",
      fa: "تیم ما",
      zh: "我们的团队",
    },
    "team-meta-description": {
      label: "Meta description",
      en: "Meet the lawyers of our downtown Vancouver firm, serving clients in civil litigation, immigration, family law and professional negligence.",
      fa: "با وکلای دفتر ما در مرکز شهر ونکوور آشنا شوید؛ در خدمت موکلان در دعاوی مدنی، مهاجرت، حقوق خانواده و قصور حرفه‌ای.",
      zh: "认识本所位于温哥华市中心的律师团队，我们为客户提供民事诉讼、移民、家事法和专业过失方面的法律服务。",
    },
    "team-breadcrumb": {
      label: "Breadcrumb: Team",
      en: "Our Team",
      fa: "تیم ما",
      zh: "我们的团队",
    },
    "team-hero-title": {
      label: "Hero title",
      en: "Meet Our Team",
      fa: "با تیم ما آشنا شوید",
      zh: "认识我们的团队",
    },
    "team-hero-subtitle": {
      label: "Hero subtitle",
      en: "Lawyers and staff dedicated to clear advice, careful preparation and strong advocacy for every client.",
      fa: "وکلا و همکارانی که به مشاوره روشن، آماده‌سازی دقیق و دفاع قاطع از هر موکل متعهدند.",
      zh: "我们的律师和员工致力于为每一位客户提供清晰的建议、周密的准备和有力的代理。",
    },
    "team-group-photo-alt": {
      label: "Group photo: alt text",
      en: "Our legal team together at the firm's downtown Vancouver office",
      fa: "تیم حقوقی ما در کنار هم در دفتر مرکز شهر ونکوور",
      zh: "本所律师团队在温哥华市中心办公室的合影",
    },
    "team-loading": {
      label: "Loading text",
      en: "Loading team members...",
      fa: "در حال بارگذاری اعضای تیم...",
      zh: "正在加载团队成员……",
    },
    "team-empty": {
      label: "No members text",
      en: "No team members found. Please add team members in the admin panel.",
      fa: "هیچ عضوی در تیم یافت نشد. لطفاً اعضای تیم را از بخش مدیریت اضافه کنید.",
      zh: "未找到团队成员。请在管理后台添加团队成员。",
    },
    "team-member-photo-alt": {
      label: "Member photo: alt text ({name} is filled in)",
      en: "Portrait of {name}",
      fa: "تصویر {name}",
      zh: "{name}的照片",
    },
    "team-education-label": {
      label: "Member card: Education",
      en: "Education",
      fa: "تحصیلات",
      zh: "教育背景",
    },
    "team-bar-admissions-label": {
      label: "Member card: Bar Admissions",
      en: "Bar Admissions",
      fa: "عضویت در کانون وکلا",
      zh: "执业资格",
    },
    "team-areas-label": {
      label: "Member card: Areas of Practice",
      en: "Areas of Practice",
      fa: "حوزه‌های فعالیت",
      zh: "执业领域",
    },
    "team-email-button": {
      label: "Member card: Email button",
      en: "Email",
      fa: "ایمیل",
      zh: "发送邮件",
    },
    "team-call-button": {
      label: "Member card: Call button",
      en: "Call",
      fa: "تماس",
      zh: "致电",
    },
    "team-email-aria": {
      label: "Member card: Email button screen-reader label ({name} is filled in)",
      en: "Send an email to {name}",
      fa: "ارسال ایمیل به {name}",
      zh: "给{name}发送电子邮件",
    },
    "team-call-aria": {
      label: "Member card: Call button screen-reader label ({name} is filled in)",
      en: "Call {name}",
      fa: "تماس تلفنی با {name}",
      zh: "致电{name}",
    },
    "team-join-title": {
      label: "Join the team: title",
      en: "Join Our Team",
      fa: "به تیم ما بپیوندید",
      zh: "加入我们的团队",
    },
    "team-join-text": {
      label: "Join the team: text",
      en: "We are always glad to hear from lawyers, articled students and legal professionals who share our commitment to client service. Send us your résumé and a short cover letter.",
      fa: "همیشه از آشنایی با وکلا، کارآموزان وکالت و کارشناسان حقوقی که مانند ما به خدمت‌رسانی به موکلان متعهدند، استقبال می‌کنیم. رزومه و یک معرفی‌نامه کوتاه برای ما بفرستید.",
      zh: "我们随时欢迎与我们同样重视客户服务的律师、见习律师和法律专业人士与我们联系。请将您的简历和一封简短的求职信发送给我们。",
    },
    "team-join-button": {
      label: "Join the team: button",
      en: "Send Your Résumé",
      fa: "ارسال رزومه",
      zh: "投递简历",
    },

    "team.member.1.role": {
      label: "Team Member role - Alex Morgan",
      en: "Managing Lawyer",
      fa: "وکیل ارشد و مدیر دفتر",
      zh: "主管律师",
    },
    "team.member.1.bio": {
      label: "Team Member bio - Alex Morgan",
      en: "Alex leads the firm's civil litigation and professional negligence practice, representing individuals and businesses in contract, property and negligence disputes. Alex also acts for clients whose immigration matters were harmed by a representative's errors. Clients value Alex's careful preparation and straightforward advice.",
      fa: "الکس مسئول بخش دعاوی مدنی و قصور حرفه‌ای دفتر است و در اختلافات قراردادی، ملکی و دعاوی ناشی از قصور، نمایندگی افراد و کسب‌وکارها را بر عهده دارد. او همچنین وکالت موکلانی را می‌پذیرد که پرونده مهاجرتی‌شان بر اثر اشتباه نماینده‌شان آسیب دیده است. موکلان، آماده‌سازی دقیق و صراحت الکس در مشاوره را ارج می‌نهند.",
      zh: "Alex 负责本所的民事诉讼和专业过失业务，代理个人和企业处理合同、物业及过失纠纷，并为因代理人失误而使移民申请受损的客户提供代理。客户尤其认可 Alex 周密的准备和直截了当的建议。",
    },
    "team.member.1.education": {
      label: "Team Member education - Alex Morgan",
      en: "Juris Doctor (JD); Bachelor of Commerce (BCom)",
      fa: "دکترای حرفه‌ای حقوق (JD)؛ کارشناسی بازرگانی (BCom)",
      zh: "法律博士（JD）；商学学士（BCom）",
    },
    "team.member.1.bar_admissions": {
      label: "Team Member bar_admissions - Alex Morgan",
      en: "Member, Law Society of British Columbia",
      fa: "عضو کانون وکلای بریتیش کلمبیا",
      zh: "不列颠哥伦比亚省律师公会会员",
    },
    "team.member.1.areas_of_practice": {
      label: "Team Member areas_of_practice - Alex Morgan",
      en: "Civil Litigation, Professional Negligence, Immigration Malpractice",
      fa: "دعاوی مدنی، قصور حرفه‌ای، قصور در امور مهاجرتی",
      zh: "民事诉讼，专业过失，移民代理过失",
    },

    "team.member.2.role": {
      label: "Team Member role - Sara Karimi",
      en: "Immigration Lawyer",
      fa: "وکیل مهاجرت",
      zh: "移民律师",
    },
    "team.member.2.bio": {
      label: "Team Member bio - Sara Karimi",
      en: "Sara advises individuals, families and employers on Canadian immigration matters, including study and work permits, family sponsorship, permanent residence and responses to refusals. She works closely with each client to prepare complete, well-documented applications and explains every step along the way.",
      fa: "سارا به افراد، خانواده‌ها و کارفرمایان در امور مهاجرت کانادا مشاوره می‌دهد؛ از جمله مجوز تحصیل و کار، حمایت خانوادگی (اسپانسرشیپ)، اقامت دائم و پاسخ به ردّ درخواست‌ها. او از نزدیک با هر موکل همکاری می‌کند تا درخواستی کامل و مستند آماده شود و همه مراحل را برای او توضیح می‌دهد.",
      zh: "Sara 为个人、家庭和雇主提供加拿大移民事务方面的法律服务，包括学习许可和工作许可、家庭团聚担保、永久居民申请以及拒签后的应对。她与每位客户密切合作，准备完整、材料充分的申请，并在每一步为客户详细说明。",
    },
    "team.member.2.education": {
      label: "Team Member education - Sara Karimi",
      en: "Juris Doctor (JD); Bachelor of Arts (BA)",
      fa: "دکترای حرفه‌ای حقوق (JD)؛ کارشناسی علوم انسانی (BA)",
      zh: "法律博士（JD）；文学学士（BA）",
    },
    "team.member.2.bar_admissions": {
      label: "Team Member bar_admissions - Sara Karimi",
      en: "Member, Law Society of British Columbia",
      fa: "عضو کانون وکلای بریتیش کلمبیا",
      zh: "不列颠哥伦比亚省律师公会会员",
    },
    "team.member.2.areas_of_practice": {
      label: "Team Member areas_of_practice - Sara Karimi",
      en: "Immigration Law, Family Sponsorship, Study and Work Permits, Refusals and Appeals",
      fa: "حقوق مهاجرت، حمایت خانوادگی (اسپانسرشیپ)، مجوز تحصیل و کار، ردّ درخواست و تجدیدنظر",
      zh: "移民法，家庭团聚担保，学签与工签，拒签与上诉",
    },

    "team.member.3.role": {
      label: "Team Member role - Lei Chen",
      en: "Family Lawyer",
      fa: "وکیل خانواده",
      zh: "家事律师",
    },
    "team.member.3.bio": {
      label: "Team Member bio - Lei Chen",
      en: "Lei guides clients through separation and divorce, parenting arrangements, child and spousal support, and the division of property and debts. Lei looks for practical, negotiated solutions where possible and is prepared to go to court when necessary.",
      fa: "لی موکلان را در مسیر جدایی و طلاق، ترتیبات مربوط به فرزندان، نفقه فرزند و همسر و تقسیم اموال و بدهی‌ها همراهی می‌کند. او در صورت امکان به دنبال راه‌حل‌های عملی و توافقی است و هر جا لازم باشد، برای رفتن به دادگاه آماده است.",
      zh: "Lei 协助客户处理分居与离婚、育儿安排、子女抚养费和配偶赡养费，以及财产和债务分割等事务。在可能的情况下，Lei 力求通过协商达成务实的解决方案；必要时，也随时准备诉诸法院。",
    },
    "team.member.3.education": {
      label: "Team Member education - Lei Chen",
      en: "Juris Doctor (JD); Bachelor of Science (BSc)",
      fa: "دکترای حرفه‌ای حقوق (JD)؛ کارشناسی علوم (BSc)",
      zh: "法律博士（JD）；理学学士（BSc）",
    },
    "team.member.3.bar_admissions": {
      label: "Team Member bar_admissions - Lei Chen",
      en: "Member, Law Society of British Columbia",
      fa: "عضو کانون وکلای بریتیش کلمبیا",
      zh: "不列颠哥伦比亚省律师公会会员",
    },
    "team.member.3.areas_of_practice": {
      label: "Team Member areas_of_practice - Lei Chen",
      en: "Family Law, Separation and Divorce, Parenting Arrangements, Support and Property Division",
      fa: "حقوق خانواده، جدایی و طلاق، ترتیبات مربوط به فرزندان، نفقه و تقسیم اموال",
      zh: "家事法，分居与离婚，育儿安排，抚养费与财产分割",
    },
  },
} satisfies DefaultTextGroup;
