/**
 * Example bodies for /openapi.json: the real responses for 1990-05-15 10:30 at 139.69°E (default
 * conventions) on a standard account with 1,000 monthly credits. A test checks that they still
 * validate against the schemas.
 */
export const EXAMPLE_REQUEST = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 } as const;

export const EXAMPLE_SUCCESS_A = {
  status: 'success',
  message: 'Four pillars chart calculated',
  credits_consumed: 10,
  credits_remaining: 990,
  result: {
    input_date: '1990-05-15 10:30',
    input_longitude: 139.69,
    true_solar_time: '1990-05-15 10:48',
    spring_date: '1990-02-04 11:14',
    year_ganzhi: '庚午',
    month_ganzhi: '辛巳',
    day_ganzhi: '庚辰',
    time_ganzhi: '辛巳',
    month_ganzhi_date: '1990-05-06 03:35',
    month_ganzhi_biko: '立夏(45°)',
    julian_day: 2448027,
    day_ganzhi_details: {
      number: 17,
      element: '金',
      yin_yang: '陽+',
      heavenly_stem: '庚',
      earthly_branch_group: '水局',
      star: '二黒土星',
      animal: '龍',
    },
    ten_gods: {
      year: '比肩',
      month: '劫財',
      time: '劫財',
    },
    zokan: {
      year: '丙',
      month: '庚',
      day: '癸',
      time: '庚',
    },
    zokan_ten_gods: {
      year: '七殺',
      month: '比肩',
      day: '傷官',
      time: '比肩',
    },
    juniun: {
      year: '沐浴',
      month: '長生',
      day: '養',
      time: '長生',
    },
    nayin: [],
    gogyo_balance: {
      木: 0,
      火: 3,
      土: 1,
      金: 4,
      水: 0,
    },
    summary: {
      day_master: '庚',
      element: '金',
      strength: '中和',
      fortune_score: 73,
      personality_traits: ['鋼のように意志が固く決断力がある', '周囲と調和しながら安定して力を発揮できる', '自分の信念を貫くマイペースさ'],
    },
  },
  transaction_id: '1732233600000-0',
  log_id: '6f1c2a4e-0b7d-4a53-9d8e-3c2f1e0a9b71',
  monthly_credits: 990,
  auto_credits: 0,
  credits_used_from: {
    monthly: 10,
    auto: 0,
  },
  autocharge_info: {
    success: false,
    message: 'No autocharge: autocharge is off for this account',
    debug: {
      monthly_credits: 990,
      auto_credits: 0,
      total_credits: 990,
      threshold: 0,
    },
  },
};

export const EXAMPLE_SUCCESS_B = {
  status: 'success',
  message: 'Four pillars chart calculated',
  credits_consumed: 10,
  credits_remaining: 990,
  result: {
    input_date: '1990-05-15 10:30',
    true_solar_time_raw: '1990-05-15 10:48:45',
    true_solar_time: '1990-05-15 10:48',
    spring_date: '1990/02/04 11:14',
    year_ganzhi: '庚午',
    month_ganzhi: '辛巳',
    day_ganzhi: '庚辰',
    time_ganzhi: '辛巳',
    month_ganzhi_date: '1990/05/06 03:35',
    month_ganzhi_biko: '立夏(45°)',
    julian_day: 2448026.5625,
    day_ganzhi_details: {
      number: 17,
      element: '金',
      yin_yang: '陽+',
      heavenly_stem: '庚',
      earthly_branch_group: '水局',
      star: '二黒土星',
      animal: '龍',
    },
    ten_gods: {
      description: '日干を基準に各柱の天干との関係を十種の通変星で表したものです。',
      year_pillar: {
        stem: '庚',
        ten_god: '比肩',
        meaning: '自立・独立心',
      },
      month_pillar: {
        stem: '辛',
        ten_god: '劫財',
        meaning: '競争心・協調と奪財',
      },
      day_pillar: {
        stem: '庚',
        ten_god: '比肩',
        meaning: '自立・独立心',
      },
      hour_pillar: {
        stem: '辛',
        ten_god: '劫財',
        meaning: '競争心・協調と奪財',
      },
      summary: {
        dominant_ten_god: '比肩',
        dominant_count: 3,
        pattern_description: '比肩が多く、独立独歩で自分の力を頼みに進む命式です。',
        balance_assessment: {
          strongest_category: '比劫',
          balance_type: '偏重型',
        },
      },
    },
    nayin: {
      description: '六十干支それぞれに配された納音五行で、各柱の象意と相互の調和を示します。',
      year_pillar: {
        ganzhi: '庚午',
        nayin: '路傍土',
        element: '土',
        meaning: '道端の土。人を支える実直さ',
      },
      month_pillar: {
        ganzhi: '辛巳',
        nayin: '白鑞金',
        element: '金',
        meaning: '白鑞の金。磨かれるほど輝く素質',
      },
      day_pillar: {
        ganzhi: '庚辰',
        nayin: '白鑞金',
        element: '金',
        meaning: '白鑞の金。磨かれるほど輝く素質',
      },
      hour_pillar: {
        ganzhi: '辛巳',
        nayin: '白鑞金',
        element: '金',
        meaning: '白鑞の金。磨かれるほど輝く素質',
      },
      compatibility: {
        element_distribution: {
          土: 1,
          金: 3,
        },
        harmony_level: {
          score: 95,
          level: '非常に良好',
        },
        dominant_element: '金',
      },
    },
    shensha: {
      description: '日干・日柱・年支と日支を基準に、主要な神殺（特殊星）の有無を判定したものです。',
      tianyi_guiren: {
        present: false,
        locations: [],
        count: 0,
        effect: '天乙貴人はありません。自力で築いた信頼が助けになります。',
      },
      wenchang_guiren: {
        present: false,
        locations: [],
        count: 0,
        effect: '文昌貴人はありません。学びは継続によって実ります。',
      },
      taohua: {
        present: false,
        locations: [],
        count: 0,
        effect: '桃花はありません。誠実さで信頼される縁を育てます。',
      },
      huagai: {
        present: false,
        locations: [],
        count: 0,
        effect: '華蓋はありません。現実的な感覚で物事を進められます。',
      },
      kongwang: {
        present: false,
        locations: [],
        count: 0,
        effect: '空亡に当たる柱はありません。',
      },
      kuigang: {
        present: true,
        ganzhi: '庚辰',
        meaning: '日柱が庚辰・庚戌・壬辰・戊戌のいずれかに当たる強い星で、聡明さと統率力を示します。',
        effect: '決断力と指導力に優れ、大きな仕事を成し遂げる力があります。極端に走らない工夫が鍵です。',
      },
      summary: {
        active_stars: ['魁罡'],
        total_stars: 1,
        fortune_score: 55,
        overall_assessment: '吉凶のバランスがとれた命式',
        description: '天乙貴人・文昌貴人・桃花・華蓋・空亡・魁罡の出現から吉凶の傾向を点数化しました。',
      },
    },
    enhanced_summary: {
      description: '日主・身強弱・通変星・神殺・納音を総合した指標です。各スコアは0〜100の整数です。',
      key_characteristics: [
        '鋼のように意志が固く決断力がある',
        '周囲と調和しながら安定して力を発揮できる',
        '自分の信念を貫くマイペースさ',
        '木の気が少なく、伸びやかさを意識するとよい',
      ],
      fortune_indicators: {
        overall_fortune: {
          score: 64,
          level: '高い',
          description: '全体に安定した運勢で、努力が実を結びやすい命式です。',
        },
        career_potential: {
          score: 63,
          level: '高い',
          suitable_fields: ['独立・自営', 'スポーツ', 'コンサルタント'],
        },
        relationship_luck: {
          score: 43,
          level: '標準',
          characteristics: ['けじめを大切にする一途さ', 'パートナー縁を示す財星・官星がある'],
        },
        wealth_potential: {
          score: 46,
          level: '標準',
          wealth_type: '技能信用型（財星は控えめ、実力と信用から財を築く）',
        },
        academic_talent: {
          score: 36,
          level: 'やや低い',
          learning_style: ['論理を筋道立てて理解する', '実践と表現を通じた学び'],
        },
      },
    },
  },
  transaction_id: '1732233600000-0',
  log_id: '6f1c2a4e-0b7d-4a53-9d8e-3c2f1e0a9b71',
};
